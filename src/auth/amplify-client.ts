/**
 * Amplify configured for the handbook; importing this module configures it, once. Loaded lazily
 * through `./amplify`. Tokens live in cookies, so the gate server sees the session the page has.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import 'aws-amplify/auth/enable-oauth-listener';
import { ConsoleLogger, CookieStorage, Hub } from 'aws-amplify/utils';
import type { ResourcesConfig } from 'aws-amplify';
import { readerOf } from '../../core/cookie-session';
import type { Reader } from '../../core/cookie-session';
import { googleReturnSettled, listenForGoogleReturn, onGoogleSignIn } from './google-sign-in';
import { reachLocalHostedSignInOverHttp } from './local-hosted-sign-in';
import { isLoopbackHost } from '../../core/loopback';
import { authConfig } from '../site-config';
import { SIGN_IN_PATH } from '../../core/sign-in-route';

/**
 * Days the browser keeps the session cookies. Not the session's length: that is the app client's
 * refresh-token validity (12 hours, `TOKEN_LIFETIMES` in infra/identity-stack.ts), after which the
 * cookies hold only tokens the gate refuses. Longer than that, so the cookies never end a session
 * before its tokens do.
 */
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
 * Local mode points Amplify at the local identity service (`Cognito.userPoolEndpoint`), and Amplify
 * warns "You are using a custom Amazon Cognito User Pool endpoint" on every configure, so on every
 * local page load: noise a newcomer reads as a fault (newcomer review 3). The endpoint is the point
 * of local mode, so Amplify's log level (its `ConsoleLogger.LOG_LEVEL`, which overrides every
 * logger's own) is raised to errors for the configure call alone.
 */
function configureWithoutEndpointWarning(config: ResourcesConfig): void {
  const level = ConsoleLogger.LOG_LEVEL;
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure(config);
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}

const auth = authConfig();
const oauthDomain = auth.amplify.Auth?.Cognito.loginWith?.oauth?.domain;
if (auth.mode === 'local' && oauthDomain) reachLocalHostedSignInOverHttp(oauthDomain);
listenForGoogleReturn();
if (auth.mode === 'local') configureWithoutEndpointWarning(forThisOrigin(auth.amplify));
else Amplify.configure(auth.amplify);
// `lax` still sends the cookies when a reader follows a link to the handbook from chat or email.
cognitoUserPoolsTokenProvider.setKeyValueStorage(
  new CookieStorage({
    path: '/',
    expires: SESSION_COOKIE_DAYS,
    sameSite: 'lax',
    secure: !isLoopbackHost(window.location.hostname),
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
    const stop = onGoogleSignIn((outcome) => {
      if (outcome !== 'failed') return;
      stop();
      fetchAuthSession(options).then(resolve, reject);
    });
    fetchAuthSession(options).then(resolve, reject).finally(stop);
  });
}

/** The signed-in reader, renewing expired tokens with the refresh token; null when signed out. */
export async function currentReader(options: { forceRefresh?: boolean } = {}): Promise<Reader | null> {
  try {
    await googleReturnSettled();
    const { tokens } = await fetchSessionPastAbandonedGoogleSignIn(options);
    const claims = tokens?.idToken?.payload;
    if (!claims) return null;
    return readerOf(claims);
  } catch {
    return null;
  }
}

/**
 * Signs out everywhere: revokes the refresh token, not only this browser's cookies. Amplify hides
 * whether the revocation reached the identity service, and clears the cookies either way; so the
 * tokens are renewed first, which fails only if the service cannot be reached: true when it could.
 */
export async function signOutEverywhere(): Promise<boolean> {
  let reachable = true;
  try {
    await fetchAuthSession({ forceRefresh: true });
  } catch {
    reachable = false;
  }
  await signOut({ global: true });
  return reachable;
}

/** Calls back when the session ends or a Google sign-in completes, until the returned function is called. */
export function onSessionChange(handlers: { ended(): void; googleSignedIn(): void }): () => void {
  const stopHearingEnds = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut') handlers.ended();
    // A renewal that fails for any reason but the network means the session is over.
    if (payload.event === 'tokenRefresh_failure' && payload.data?.error?.name !== 'NetworkError') handlers.ended();
  });
  const stopHearingGoogle = onGoogleSignIn((outcome) => outcome === 'signedIn' && handlers.googleSignedIn());
  return () => {
    stopHearingEnds();
    stopHearingGoogle();
  };
}
