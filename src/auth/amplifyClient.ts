/**
 * Amplify configured for the handbook; importing this module configures it, once. Loaded lazily
 * through `./amplify`. Tokens live in cookies, so the gate server sees the session the page has.
 */
import siteConfig from '@generated/docusaurus.config';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import 'aws-amplify/auth/enable-oauth-listener';
import { CookieStorage, Hub } from 'aws-amplify/utils';
import type { ResourcesConfig } from 'aws-amplify';
import type { HandbookAuthConfig } from '@site/amplify-config';
import type { Reader } from './cookie-session';
import { reachLocalHostedSignInOverHttp } from './local-hosted-sign-in';
import { listenForOAuthOutcome } from './oauth';
import { SIGN_IN_PATH } from './sign-in-route';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Days the session cookies live: the user pool's default refresh-token validity. */
const SESSION_COOKIE_DAYS = 30;

/**
 * The local identity service registers every local origin, and Amplify picks its redirect URL by
 * host name alone, so in local mode the page's own origin is the one to return to.
 */
function forThisOrigin(config: ResourcesConfig): ResourcesConfig {
  const cognito = config.Auth?.Cognito;
  const oauth = cognito?.loginWith?.oauth;
  if (!cognito || !oauth) return config;
  const signIn = [`${window.location.origin}${SIGN_IN_PATH}`];
  return {
    ...config,
    Auth: {
      Cognito: {
        ...cognito,
        loginWith: { ...cognito.loginWith, oauth: { ...oauth, redirectSignIn: signIn, redirectSignOut: signIn } },
      },
    } as ResourcesConfig['Auth'],
  };
}

/**
 * Settles once a Google sign-in returning to this page has finished or failed. Reading the session
 * first can park behind Amplify's in-flight flag after a failed return until its deadline passes.
 */
function googleReturnSettled(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  if (!query.has('state') || !(query.has('code') || query.has('error'))) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signInWithRedirect' || payload.event === 'signInWithRedirect_failure') {
        stop();
        resolve();
      }
    });
  });
}

const auth = siteConfig.customFields?.auth as HandbookAuthConfig;
const oauthDomain = auth.amplify.Auth?.Cognito.loginWith?.oauth?.domain;
if (auth.mode === 'local' && oauthDomain) reachLocalHostedSignInOverHttp(oauthDomain);
// Before configuring: configuring finishes a Google sign-in in progress, and its outcome is heard here.
listenForOAuthOutcome();
const googleReturn = googleReturnSettled();
Amplify.configure(auth.mode === 'local' ? forThisOrigin(auth.amplify) : auth.amplify);
// `lax` still sends the cookies when a reader follows a link to the handbook from chat or email.
cognitoUserPoolsTokenProvider.setKeyValueStorage(
  new CookieStorage({
    path: '/',
    expires: SESSION_COOKIE_DAYS,
    sameSite: 'lax',
    secure: !LOOPBACK_HOSTS.has(window.location.hostname),
  }),
);

/**
 * Amplify parks token reads while a Google sign-in is in flight, until it completes or its deadline
 * passes five minutes on. One abandoned (Back from Google, or the handbook opened afresh) is declared
 * cancelled as Amplify is configured, but a read that began a moment before that stays parked: when
 * the cancellation is heard, read again.
 */
function fetchSessionPastAbandonedGoogleSignIn(options: { forceRefresh?: boolean }) {
  return new Promise<Awaited<ReturnType<typeof fetchAuthSession>>>((resolve, reject) => {
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event !== 'signInWithRedirect_failure') return;
      stop();
      fetchAuthSession(options).then(resolve, reject);
    });
    fetchAuthSession(options).then(resolve, reject).finally(stop);
  });
}

/** The signed-in reader, renewing expired tokens with the refresh token; null when signed out. */
export async function currentReader(options: { forceRefresh?: boolean } = {}): Promise<Reader | null> {
  try {
    await googleReturn;
    const { tokens } = await fetchSessionPastAbandonedGoogleSignIn(options);
    const claims = tokens?.idToken?.payload;
    if (!claims) return null;
    const email = typeof claims.email === 'string' ? claims.email : '';
    return { email, name: typeof claims.name === 'string' ? claims.name : email };
  } catch {
    return null;
  }
}

/** Signs out everywhere: revokes the refresh token, not only this browser's cookies. */
export function signOutEverywhere(): Promise<void> {
  return signOut({ global: true });
}

/** Calls back when the session ends or a Google sign-in completes, until the returned function is called. */
export function onSessionChange(handlers: { ended(): void; googleSignedIn(): void }): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut') handlers.ended();
    // A renewal that fails for any reason but the network means the session is over.
    if (payload.event === 'tokenRefresh_failure' && payload.data?.error?.name !== 'NetworkError') handlers.ended();
    if (payload.event === 'signInWithRedirect' || payload.event === 'customOAuthState') handlers.googleSignedIn();
  });
}
