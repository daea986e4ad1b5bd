/**
 * The local pool's test kit: a service of a test's own, calls to it, its users, and their sessions
 * as the browser's cookies carry them.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GateAuth } from '../gate/manifest';
import { decodeJwtPayload, lastAuthUserCookie, tokenCookie } from '../core/session-format';
import type { TokenKind } from '../core/session-format';
import { postCognitoOperation, startLocalIdentity } from '../identity/launch';
import { localIdentity } from '../core/local-pool';
import { readSigningKey } from '../identity/signing-key';
import type { SigningKey } from '../identity/signing-key';

export interface RunningIdentityService {
  url: string;
  /** The key this start of the service signs with. */
  signingKey: SigningKey;
  stop(): Promise<void>;
}

/** Starts the service on a free port, quietly, keeping its signing key where the test can read it. */
export async function startIdentityProcess(env: Record<string, string> = {}): Promise<RunningIdentityService> {
  const keyDir = mkdtempSync(path.join(tmpdir(), 'handbook-identity-key-'));
  const signingKeyFile = path.join(keyDir, 'signing-key.json');
  const service = await startLocalIdentity({
    port: 0,
    signingKeyFile,
    env: { HANDBOOK_IDENTITY_LOG_LEVEL: 'warn', ...env },
    output: 'quiet',
  });
  return {
    url: service.url,
    signingKey: readSigningKey(signingKeyFile),
    stop: async () => {
      await service.stop();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}

/** The gate's settings for the local pool of the service at `identityUrl`. */
export function localPoolAuth(identityUrl: string): GateAuth {
  const issuer = `${identityUrl}/${localIdentity.userPoolId}`;
  return {
    mode: 'local',
    userPoolId: localIdentity.userPoolId,
    clientId: localIdentity.userPoolClientId,
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    readerGroup: localIdentity.readerGroup,
  };
}

/** How many times a call refused for throttling is tried again, as the AWS SDK's standard retry mode does (3 attempts). */
const THROTTLED_RETRIES = 2;

/**
 * Calls a Cognito operation the way the AWS SDK does (the local service needs no credentials):
 * a `TooManyRequestsException`, which the SDK and Amplify count as throttling and retry
 * (`@smithy/core` THROTTLING_ERROR_CODES, Amplify's defaultRetryDecider), is retried after the
 * service's `Retry-After`. The sign-in budget (identity/sign-in-budget.ts) refuses a quick run of
 * sign-ins from one test file so on a quiet machine.
 */
export async function cognitoCall<T = Record<string, unknown>>(
  url: string,
  operation: string,
  body: object,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await postCognitoOperation(url, operation, body);
    const result = (await response.json()) as T & { __type?: string; message?: string };
    if (response.ok) return result;
    if (result.__type === 'TooManyRequestsException' && attempt < THROTTLED_RETRIES) {
      const seconds = Number(response.headers.get('retry-after')) || 1;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    throw new Error(`${operation}: ${result.__type}: ${result.message}`);
  }
}

/**
 * Creates a user the way an administrator does: a temporary password, and so a forced change; and
 * adds them to the reader group unless told not to.
 */
export async function adminCreateUser(
  url: string,
  email: string,
  options: { temporaryPassword: string; emailVerified?: boolean; permanentPassword?: string; reader?: boolean },
): Promise<void> {
  await cognitoCall(url, 'AdminCreateUser', {
    UserPoolId: localIdentity.userPoolId,
    Username: email,
    TemporaryPassword: options.temporaryPassword,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: String(options.emailVerified ?? true) },
    ],
  });
  if (options.permanentPassword) {
    await cognitoCall(url, 'AdminSetUserPassword', {
      UserPoolId: localIdentity.userPoolId,
      Username: email,
      Password: options.permanentPassword,
      Permanent: true,
    });
  }
  if (options.reader ?? true) {
    await cognitoCall(url, 'AdminAddUserToGroup', {
      UserPoolId: localIdentity.userPoolId,
      Username: email,
      GroupName: localIdentity.readerGroup,
    });
  }
}

export interface Tokens {
  accessToken: string;
  idToken: string;
}

export interface SignInTokens extends Tokens {
  refreshToken: string;
}

/** The demo reader (or another user of the fixture) signed in at the local service (USER_PASSWORD_AUTH). */
export async function signInForTokens(
  identityUrl: string,
  user: { email: string; password: string } = localIdentity.demoUser,
): Promise<SignInTokens> {
  const { AuthenticationResult } = await cognitoCall<{
    AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string };
  }>(identityUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: localIdentity.userPoolClientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  return {
    accessToken: AuthenticationResult.AccessToken,
    idToken: AuthenticationResult.IdToken,
    refreshToken: AuthenticationResult.RefreshToken,
  };
}

/** A JWT's claims, for tokens a test holds: throws on anything else. */
export function claimsOf(token: string): Record<string, unknown> {
  const claims = decodeJwtPayload(token);
  if (!claims) throw new Error(`Not a JWT: ${token.slice(0, 40)}`);
  return claims;
}

/**
 * The cookies Amplify's CookieStorage keeps for a session, as the browser sends them: the last
 * user, then each of the tokens given.
 */
export function sessionCookies(
  tokens: Partial<Record<TokenKind, string>>,
  user = String(claimsOf(tokens.accessToken ?? '').username),
  clientId: string = localIdentity.userPoolClientId,
): { name: string; value: string }[] {
  return [
    { name: lastAuthUserCookie(clientId), value: encodeURIComponent(user) },
    ...(['accessToken', 'idToken', 'refreshToken'] as const).flatMap((kind) => {
      const value = tokens[kind];
      return value === undefined ? [] : [{ name: tokenCookie(clientId, user, kind), value }];
    }),
  ];
}

/** The Cookie header a browser sends after Amplify's CookieStorage stored the access and id tokens. */
export function sessionCookieHeader(tokens: Tokens, user?: string, clientId?: string): string {
  const { accessToken, idToken } = tokens;
  return sessionCookies({ accessToken, idToken }, user, clientId)
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
}

const GOOGLE_CODE_VERIFIER = 'handbook-test-kit-pkce-verifier-of-forty-three-or-more-chars';

/**
 * A Google sign-in at the local hosted sign-in, as far as the return to the app (the federated user
 * is created there on a first sign-in): authorize, choose the account at the stand-in, follow its
 * return. Gives the app's sign-in URL with its `code`, or Cognito's `error`.
 */
export async function googleSignInReturn(
  identityUrl: string,
  account: { sub: string },
  codeVerifier = GOOGLE_CODE_VERIFIER,
): Promise<URL> {
  const hop = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: 'manual' });
    if (response.status !== 302) throw new Error(`${url} answered ${response.status}`);
    return new URL(response.headers.get('location') ?? '', url);
  };
  const query = new URLSearchParams({
    client_id: localIdentity.userPoolClientId,
    redirect_uri: 'http://127.0.0.1:3000/sign-in',
    response_type: 'code',
    identity_provider: 'Google',
    scope: 'openid email profile',
    state: 'test',
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const chooser = await hop(`${identityUrl}/oauth2/authorize?${query}`);
  const body = new URLSearchParams({ state: chooser.searchParams.get('state') ?? '', account: account.sub });
  return hop((await hop(chooser.href, { method: 'POST', body })).href);
}

/** A Google account signed in at the local hosted sign-in: its tokens, from the code exchange (PKCE). */
export async function googleSignInTokens(identityUrl: string, account: { sub: string }): Promise<SignInTokens> {
  const code = (await googleSignInReturn(identityUrl, account)).searchParams.get('code');
  if (!code) throw new Error(`Google sign-in of ${account.sub} returned no code`);
  const response = await fetch(`${identityUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: localIdentity.userPoolClientId,
      code,
      redirect_uri: 'http://127.0.0.1:3000/sign-in',
      code_verifier: GOOGLE_CODE_VERIFIER,
    }),
  });
  if (!response.ok) throw new Error(`/oauth2/token answered ${response.status}`);
  const tokens = (await response.json()) as { access_token: string; id_token: string; refresh_token: string };
  return { accessToken: tokens.access_token, idToken: tokens.id_token, refreshToken: tokens.refresh_token };
}
