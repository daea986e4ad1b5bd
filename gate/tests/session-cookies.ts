/**
 * Sessions as the browser's cookies carry them: real ones from the local identity service, and
 * ones signed with a test key for tests that stand in for a real pool.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { localIdentity } from '../../identity/local-pool';
import { claimsOf, cognitoCall, signJwt } from '../../identity/testing';
import type { GateAuth } from '../manifest';

export const clientId = localIdentity.userPoolClientId;
export const prefix = `CognitoIdentityServiceProvider.${clientId}`;

export interface Tokens {
  accessToken: string;
  idToken: string;
}

export interface SignInTokens extends Tokens {
  refreshToken: string;
}

/** The Cookie header a browser sends after Amplify's CookieStorage stored a session. */
export function sessionCookie(
  tokens: Tokens,
  user = String(claimsOf(tokens.accessToken).username),
  appClientId: string = clientId,
): string {
  const cookiePrefix = `CognitoIdentityServiceProvider.${appClientId}`;
  return [
    `${cookiePrefix}.LastAuthUser=${encodeURIComponent(user)}`,
    `${cookiePrefix}.${user}.accessToken=${tokens.accessToken}`,
    `${cookiePrefix}.${user}.idToken=${tokens.idToken}`,
  ].join('; ');
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
    ClientId: clientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  return {
    accessToken: AuthenticationResult.AccessToken,
    idToken: AuthenticationResult.IdToken,
    refreshToken: AuthenticationResult.RefreshToken,
  };
}

/** A stand-in pool's signing key: the private half to sign with, and the JWKS the gate trusts. */
export interface TestPoolKey {
  kid: string;
  privateKey: KeyObject;
  jwks: Jwks;
}

export function testPoolKey(kid = 'pool'): TestPoolKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kty: 'RSA', kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, jwks: { keys: [jwk] } };
}

/** The Cookie header of a 15-minute session the pool `auth` would issue, signed with `key`. */
export function poolSessionCookie(
  auth: GateAuth,
  key: Pick<TestPoolKey, 'kid' | 'privateKey'>,
  groups: string[] = [auth.readerGroup],
): string {
  const now = Math.floor(Date.now() / 1000);
  const common = {
    sub: 'reader-sub',
    iss: auth.issuer,
    iat: now,
    exp: now + 900,
    auth_time: now,
    'cognito:groups': groups,
  };
  const access = { ...common, token_use: 'access', client_id: auth.clientId, username: 'reader-sub' };
  const id = { ...common, token_use: 'id', aud: auth.clientId, email: 'reader@example.com' };
  return sessionCookie(
    {
      accessToken: signJwt({ kid: key.kid }, access, key.privateKey),
      idToken: signJwt({ kid: key.kid }, id, key.privateKey),
    },
    'reader-sub',
    auth.clientId,
  );
}
