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
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Services, User } from './cognito-local';
import { escapeHtml } from '../core/escape-html';
import { allowedDomains, SignUpRefused } from '../core/sign-up-rule';
import { localIdentity } from '../core/local-pool';
import { ExpiringStore } from './expiring-store';
import { federatedUser } from './google-federated-user';
import type { GoogleAccount } from './google-federated-user';
import { formBody, isAllowedReturn, json, page, redirect, signInExpired } from './hosted-http';
import { token } from './hosted-token';
import type { AuthorizeRequest } from './hosted-token';

/** Cognito's authorization codes and the provider's round trip are short-lived; five minutes here. */
const TTL_MS = 5 * 60_000;
const GOOGLE_PATH = '/google/o/oauth2/v2/auth';

type Handler = (request: IncomingMessage, url: URL, response: ServerResponse) => Promise<void> | void;

/** Returns a handler that answers the hosted sign-in's requests and leaves every other request alone (false). */
export function googleStandIn(
  services: Services,
  logger: Logger,
): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const ctx = { logger };
  const pendingSignIns = new ExpiringStore<AuthorizeRequest>(TTL_MS);
  const googleCodes = new ExpiringStore<{ signIn: AuthorizeRequest; account: GoogleAccount; state: string }>(TTL_MS);
  const authorizationCodes = new ExpiringStore<AuthorizeRequest & { username: string }>(TTL_MS);
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
    const signIn = pendingSignIns.take(state)?.value;
    if (!signIn) return signInExpired(response);
    const code = googleCodes.issue({ signIn, account, state });
    redirect(response, `/oauth2/idpresponse?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
  }

  async function idpResponse(query: URLSearchParams, response: ServerResponse): Promise<void> {
    const state = query.get('state');
    const returned = googleCodes.take(query.get('code'))?.value;
    // A code comes back with the state of the sign-in it was issued for, or not at all.
    if (returned && returned.state !== state) return signInExpired(response);
    const signIn = returned?.signIn ?? pendingSignIns.take(state)?.value;
    if (!signIn) return signInExpired(response);
    if (!returned) return failTo(response, signIn, 'access_denied', 'The Google sign-in was cancelled.');
    let user: User;
    try {
      user = await federatedUser(services, ctx, signIn.clientId, returned.account, domains);
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

  async function logout(query: URLSearchParams, response: ServerResponse): Promise<void> {
    const client = await appClient(query.get('client_id'));
    const logoutUri = query.get('logout_uri') ?? '';
    if (!client || !isAllowedReturn(logoutUri, client.LogoutURLs)) {
      return page(response, 400, 'Sign-out error', '<h1>The logout_uri is not registered.</h1>');
    }
    redirect(response, logoutUri);
  }

  /** One handler per endpoint of Cognito's hosted sign-in, and the stand-in's account chooser. */
  const routes: Record<string, Handler> = {
    'GET /oauth2/authorize': (_request, url, response) => authorize(url.searchParams, response),
    [`GET ${GOOGLE_PATH}`]: (_request, url, response) => chooser(url.searchParams, response),
    [`POST ${GOOGLE_PATH}`]: (request, _url, response) => chooseAccount(request, response),
    'GET /oauth2/idpresponse': (_request, url, response) => idpResponse(url.searchParams, response),
    'POST /oauth2/token': (request, _url, response) =>
      token({ services, ctx, authorizationCodes, appClient }, request, response),
    'GET /logout': (_request, url, response) => logout(url.searchParams, response),
  };

  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in.invalid');
    const route = `${request.method} ${url.pathname}`;
    const handler = Object.hasOwn(routes, route) ? routes[route] : undefined;
    if (!handler) return false;
    try {
      await handler(request, url, response);
    } catch (error) {
      logger.error(error, `hosted sign-in: ${route}`);
      if (!response.headersSent) json(response, 500, { error: 'server_error' });
    }
    return true;
  };
}
