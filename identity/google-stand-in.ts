/**
 * The hosted sign-in's Google path, on loopback, for local mode: `/oauth2/authorize` with
 * `identity_provider=Google` sends the browser to a stand-in for Google's account chooser (demo
 * accounts, no network), which returns to `/oauth2/idpresponse` as Google returns to Cognito. There
 * the federated user is found, or created once the pool's pre sign-up rule (core/sign-up-rule.ts,
 * `PreSignUp_ExternalProvider`) allows it, and the browser goes back to the app with an
 * authorization code, which `/oauth2/token` exchanges for tokens (PKCE S256). `/logout` ends at
 * the app's sign-out URL. A Workspace account carries Google's `hd` claim, a consumer account none.
 * Shapes follow Cognito's documented endpoints:
 * https://docs.aws.amazon.com/cognito/latest/developerguide/federation-endpoints.html
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppClient, Services, User } from './cognito-local';
import type { Logger } from 'pino';
import { escapeHtml } from '../core/escape-html';
import { allowedDomains, decideSignUp, SignUpRefused } from '../core/sign-up-rule';
import { localIdentity } from '../core/local-pool';
import { GOOGLE_HOSTED_DOMAIN } from '../core/pool-attributes';

/** Cognito's authorization codes and the provider's round trip are short-lived; five minutes here. */
const TTL_MS = 5 * 60_000;
const GOOGLE_PATH = '/google/o/oauth2/v2/auth';

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scope: string;
}
type GoogleAccount = (typeof localIdentity.googleAccounts)[number];

/** Entries that may wait at once in a ledger: beyond, the oldest are forgotten. */
const MAX_LEDGER_ENTRIES = 1_000;

/** One-use entries that expire, forgotten once expired, at most `MAX_LEDGER_ENTRIES` at once. */
class Ledger<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  issue(value: T): string {
    const now = Date.now();
    for (const [key, { expiresAt }] of this.entries) {
      if (expiresAt <= now || this.entries.size >= MAX_LEDGER_ENTRIES) this.entries.delete(key);
      else break;
    }
    const key = randomBytes(24).toString('base64url');
    this.entries.set(key, { value, expiresAt: now + TTL_MS });
    return key;
  }
  take(key: string | null): T | undefined {
    const entry = key ? this.entries.get(key) : undefined;
    if (key) this.entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
  }
}

/**
 * A registered URL only, as in Cognito: `npm start` and `npm run serve` register their own port's
 * sign-in route as they start (identity/launch.ts `registerSitePort`), so a code never goes to
 * another program listening on loopback (security review 2, finding 9).
 */
function isAllowedReturn(candidate: string, registered: readonly string[] | undefined): boolean {
  return registered?.includes(candidate) ?? false;
}

const SECONDS_PER_UNIT = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;

/** The access token's lifetime as the app client sets it (cognito-local's default: 24 hours). */
function accessTokenSeconds(client: AppClient): number {
  const unit = (client.TokenValidityUnits?.AccessToken ?? 'hours') as keyof typeof SECONDS_PER_UNIT;
  return (client.AccessTokenValidity ?? 24) * (SECONDS_PER_UNIT[unit] ?? 3600);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
  response.end();
}

function page(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // No page may frame the account chooser and have the reader click an account (finding 9).
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f4;color:#202124}
main{background:#fff;border-radius:8px;padding:2rem;max-width:26rem;width:calc(100% - 2rem);box-sizing:border-box;box-shadow:0 1px 3px #0003}
h1{font-size:1.5rem;font-weight:400;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#5f6368}
ul{list-style:none;padding:0;margin:0 0 1rem}li+li{border-top:1px solid #dadce0}
button{all:unset;box-sizing:border-box;display:block;width:100%;padding:.75rem .5rem;cursor:pointer}
button:hover,button:focus-visible{background:#e8f0fe;outline:2px solid #1a73e8}
.name{display:block;font-weight:500}.email{display:block;color:#5f6368;font-size:.875rem}
.note{font-size:.8125rem}a{color:#1a73e8}
@media (prefers-color-scheme:dark){body{background:#202124;color:#e8eaed}main{background:#2d2e31;box-shadow:0 1px 3px #0008}
p,.email{color:#bdc1c6}li+li{border-top-color:#5f6368}a{color:#8ab4f8}
button:hover,button:focus-visible{background:#394457;outline-color:#8ab4f8}}
</style></head><body><main>${body}</main></body></html>`);
}

/** A sign-in whose state is unknown or used up: it cannot continue, only start again. */
function signInExpired(response: ServerResponse): void {
  page(response, 400, 'Sign-in error', '<h1>This sign-in has expired</h1><p>Start again from the handbook.</p>');
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    // The token endpoint is called by the page itself: request-guard.ts allows the handbook's origin.
  });
  response.end(JSON.stringify(body));
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Returns a handler that answers the hosted sign-in's requests and leaves every other request alone (false). */
export function googleStandIn(
  services: Services,
  logger: Logger,
): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const ctx = { logger };
  const pendingSignIns = new Ledger<AuthorizeRequest>();
  const googleCodes = new Ledger<{ signIn: AuthorizeRequest; account: GoogleAccount; state: string }>();
  const authorizationCodes = new Ledger<AuthorizeRequest & { username: string }>();
  const domains = allowedDomains(localIdentity.allowedEmailDomains);

  const appClient = (clientId: string | null) =>
    clientId ? services.cognito.getAppClient(ctx, clientId).catch(() => null) : Promise.resolve(null);

  /** Back to the app with Cognito's error parameters. */
  function failTo(response: ServerResponse, signIn: AuthorizeRequest, error: string, description: string): void {
    const back = new URL(signIn.redirectUri);
    back.searchParams.set('error_description', description);
    back.searchParams.set('state', signIn.state);
    back.searchParams.set('error', error);
    redirect(response, back.toString());
  }

  async function authorize(query: URLSearchParams, response: ServerResponse): Promise<void> {
    const clientId = query.get('client_id');
    const client = await appClient(clientId);
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!client || !clientId) return page(response, 400, 'Sign-in error', '<h1>Unknown app client</h1>');
    if (!isAllowedReturn(redirectUri, client.CallbackURLs)) {
      return page(
        response,
        400,
        'Sign-in error',
        '<h1>redirect_mismatch</h1><p>The redirect_uri is not registered.</p>',
      );
    }
    const signIn: AuthorizeRequest = {
      clientId,
      redirectUri,
      state: query.get('state') ?? '',
      codeChallenge: query.get('code_challenge') ?? '',
      scope: query.get('scope') ?? '',
    };
    if (query.get('response_type') !== 'code') {
      return failTo(response, signIn, 'unsupported_response_type', 'response_type must be code');
    }
    if (!signIn.codeChallenge || query.get('code_challenge_method') !== 'S256') {
      return failTo(response, signIn, 'invalid_request', 'PKCE with code_challenge_method S256 is required');
    }
    if (query.get('identity_provider') !== 'Google') {
      return failTo(
        response,
        signIn,
        'unauthorized_client',
        'The local hosted sign-in offers only identity_provider=Google',
      );
    }
    const google = new URL(GOOGLE_PATH, 'http://stand-in.invalid');
    google.searchParams.set('state', pendingSignIns.issue(signIn));
    redirect(response, google.pathname + google.search);
  }

  function chooser(query: URLSearchParams, response: ServerResponse): void {
    const state = escapeHtml(query.get('state') ?? '');
    const accounts = localIdentity.googleAccounts
      .map(
        (account) =>
          `<li><button type="submit" name="account" value="${escapeHtml(account.sub)}"><span class="name">${escapeHtml(account.name)}</span><span class="email">${escapeHtml(account.email)}</span></button></li>`,
      )
      .join('');
    page(
      response,
      200,
      'Sign in with Google (local stand-in)',
      `<h1>Choose an account</h1><p>to continue to Engineering Handbook</p>
<form method="post" action="${GOOGLE_PATH}"><input type="hidden" name="state" value="${state}"><ul>${accounts}</ul></form>
<p class="note">A local stand-in for Google: nothing leaves this machine.</p>
<p><a href="/oauth2/idpresponse?error=access_denied&amp;state=${state}">Cancel</a></p>`,
    );
  }

  async function chooseAccount(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await formBody(request);
    const state = form.get('state') ?? '';
    const account = localIdentity.googleAccounts.find((candidate) => candidate.sub === form.get('account'));
    if (!account) return page(response, 400, 'Sign-in error', '<h1>Unknown account</h1>');
    const signIn = pendingSignIns.take(state);
    if (!signIn) return signInExpired(response);
    const code = googleCodes.issue({ signIn, account, state });
    redirect(response, `/oauth2/idpresponse?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
  }

  /** The federated user `Google_<sub>`, created on first sign-in if the pre sign-up rule allows it. */
  async function federatedUser(clientId: string, account: GoogleAccount): Promise<User> {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const username = `Google_${account.sub}`;
    const existing = await userPool.getUserByUsername(ctx, username);
    if (existing) return existing;
    // Google's mapped claims, as the pool stores them (infra/identity-stack.ts attributeMapping).
    const userAttributes = {
      email: account.email,
      name: account.name,
      [GOOGLE_HOSTED_DOMAIN]: account.hd ?? undefined,
    };
    decideSignUp(
      {
        triggerSource: 'PreSignUp_ExternalProvider',
        userName: username,
        request: { userAttributes },
        response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
      },
      domains,
    );
    const now = new Date();
    const user: User = {
      Username: username,
      Password: '',
      Attributes: [
        { Name: 'sub', Value: randomUUID() },
        { Name: 'email', Value: account.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: account.name },
        ...(account.hd ? [{ Name: GOOGLE_HOSTED_DOMAIN, Value: account.hd }] : []),
        {
          Name: 'identities',
          Value: JSON.stringify([
            { providerName: 'Google', providerType: 'Google', userId: account.sub, primary: true },
          ]),
        },
      ],
      Enabled: true,
      UserStatus: 'EXTERNAL_PROVIDER',
      UserCreateDate: now,
      UserLastModifiedDate: now,
      RefreshTokens: [],
    };
    await userPool.saveUser(ctx, user);
    return user;
  }

  async function idpResponse(query: URLSearchParams, response: ServerResponse): Promise<void> {
    const state = query.get('state');
    const returned = googleCodes.take(query.get('code'));
    // A code comes back with the state of the sign-in it was issued for, or not at all.
    if (returned && returned.state !== state) return signInExpired(response);
    const signIn = returned?.signIn ?? pendingSignIns.take(state);
    if (!signIn) return signInExpired(response);
    if (!returned) return failTo(response, signIn, 'access_denied', 'The Google sign-in was cancelled.');
    let user: User;
    try {
      user = await federatedUser(signIn.clientId, returned.account);
    } catch (error) {
      if (!(error instanceof SignUpRefused)) throw error;
      // Cognito's wording for a refusal by the pre sign-up trigger.
      return failTo(response, signIn, 'invalid_request', `PreSignUp failed with error ${error.message}`);
    }
    const back = new URL(signIn.redirectUri);
    back.searchParams.set('code', authorizationCodes.issue({ ...signIn, username: user.Username }));
    back.searchParams.set('state', signIn.state);
    redirect(response, back.toString());
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await formBody(request);
    const clientId = form.get('client_id');
    const client = await appClient(clientId);
    if (!client || !clientId) return json(response, 400, { error: 'invalid_client' });
    const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    let user: User | null = null;
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const issued = authorizationCodes.take(form.get('code'));
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !issued ||
        issued.clientId !== clientId ||
        issued.redirectUri !== form.get('redirect_uri') ||
        issued.codeChallenge !== challenge
      ) {
        return json(response, 400, { error: 'invalid_grant' });
      }
      user = await userPool.getUserByUsername(ctx, issued.username);
    } else if (grant === 'refresh_token') {
      user = await userPool.getUserByRefreshToken(ctx, form.get('refresh_token') ?? '');
    } else {
      return json(response, 400, { error: 'unsupported_grant_type' });
    }
    if (!user || user.Enabled === false) return json(response, 400, { error: 'invalid_grant' });
    const groups = await userPool.listUserGroupMembership(ctx, user);
    const source = grant === 'refresh_token' ? 'RefreshTokens' : 'HostedAuth';
    const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, undefined, source);
    if (grant === 'authorization_code') await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    json(response, 200, {
      access_token: tokens.AccessToken,
      id_token: tokens.IdToken,
      ...(grant === 'authorization_code' ? { refresh_token: tokens.RefreshToken } : {}),
      token_type: 'Bearer',
      expires_in: accessTokenSeconds(client),
    });
  }

  async function logout(query: URLSearchParams, response: ServerResponse): Promise<void> {
    const client = await appClient(query.get('client_id'));
    const logoutUri = query.get('logout_uri') ?? '';
    if (!client || !isAllowedReturn(logoutUri, client.LogoutURLs)) {
      return page(response, 400, 'Sign-out error', '<h1>The logout_uri is not registered.</h1>');
    }
    redirect(response, logoutUri);
  }

  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in.invalid');
    const route = `${request.method} ${url.pathname}`;
    try {
      if (route === 'GET /oauth2/authorize') await authorize(url.searchParams, response);
      else if (route === `GET ${GOOGLE_PATH}`) chooser(url.searchParams, response);
      else if (route === `POST ${GOOGLE_PATH}`) await chooseAccount(request, response);
      else if (route === 'GET /oauth2/idpresponse') await idpResponse(url.searchParams, response);
      else if (route === 'POST /oauth2/token') await token(request, response);
      else if (route === 'GET /logout') await logout(url.searchParams, response);
      else return false;
    } catch (error) {
      logger.error(error, `hosted sign-in: ${route}`);
      if (!response.headersSent) json(response, 500, { error: 'server_error' });
    }
    return true;
  };
}
