/**
 * Signing out ends the session in this browser whatever fails (security review 2, finding 3: a
 * page that had failed once to load Amplify, after a laptop's sleep or a network blip, ignored the
 * click and kept every cookie), and what fails is finished later (security review 3, findings 3
 * and 9). In order:
 * 1. write down the sign-out (`pending-sign-out.ts`) with the session's refresh token, before any
 *    request, so that the next page of the site finishes whatever the network prevents now;
 * 2. revoke the session at the identity service: Cognito's global sign-out, through Amplify,
 *    loading Amplify afresh up to three times, each attempt within a deadline; then the refresh
 *    token itself (`RevokeToken`, which needs no access token, so it works after a laptop's sleep);
 * 3. delete the session's cookies from the page, which needs nothing from the network;
 * 4. leave for the sign-out route, whose answer also clears the site's cookies and cache
 *    (`Clear-Site-Data`), and which tells the sign-in page when the revocation could not be done.
 */
import { loadAmplify } from './amplify';
import { userPoolClientId, userPoolEndpoint } from './site-auth';
import { cookieValues } from '../../core/cookies';
import { sessionTokenCandidates } from '../../core/cookie-session';
import { sessionCookiePrefix } from '../../core/session-format';
import { SIGN_OUT_PATH } from '../../core/sign-in-route';
import {
  CALL_DEADLINE_MS,
  finishPendingSignOut,
  forgetRevocations,
  refreshTokensIn,
  rememberSignOut,
  revokePending,
} from './pending-sign-out';
import type { SignOutSurroundings, Unfinished } from './pending-sign-out';

const ATTEMPTS = 3;
const ATTEMPT_DEADLINE_MS = 4_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([work, pause(ms).then(() => Promise.reject(new Error(`no answer within ${ms} ms`)))]);
}

/** Cognito's global sign-out: true once the identity service has revoked every session of the reader. */
async function signOutEverywhere(): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      // Amplify clears its own cookies as it signs out, revoked or not, so it is asked only once.
      const amplify = await withinDeadline(loadAmplify(), ATTEMPT_DEADLINE_MS);
      return await withinDeadline(amplify.signOutEverywhere(), ATTEMPT_DEADLINE_MS);
    } catch {
      if (attempt < ATTEMPTS) await pause(500 * attempt);
    }
  }
  return false;
}

/** The page's storage; one that keeps nothing where the browser refuses storage to the site. */
function pageStorage(): SignOutSurroundings['storage'] {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  }
}

function surroundings(): SignOutSurroundings {
  return {
    storage: pageStorage(),
    fetch: (input, init) => window.fetch(input, init),
    userPoolEndpoint: userPoolEndpoint(),
    // A built site is always behind a gate, which answers the sign-out route; the dev server has none.
    signOutRoute: process.env.NODE_ENV === 'production' ? SIGN_OUT_PATH : null,
    signedInNow: () => gateServesSession(),
  };
}

/**
 * Whether the gate serves the home page to this browser's cookies (a redirect to the sign-in page
 * is not followed: `opaqueredirect`). A fetch's cookies are the browser's, planted ones included;
 * the gate verifies their signatures. No request without cookies of the app client at all.
 */
async function gateServesSession(): Promise<boolean> {
  if (!sessionTokenCandidates(document.cookie, userPoolClientId()).length) return false;
  try {
    const answer = await window.fetch('/', {
      method: 'HEAD',
      cache: 'no-store',
      credentials: 'same-origin',
      redirect: 'manual',
      signal: AbortSignal.timeout(CALL_DEADLINE_MS),
    });
    return answer.ok;
  } catch {
    return false;
  }
}

/** Steps 1 and 2: true once the identity service has revoked the session; false when it could not be reached. */
export async function revokeSession(): Promise<boolean> {
  const here = surroundings();
  const clientId = userPoolClientId();
  rememberSignOut(
    here.storage,
    refreshTokensIn(document.cookie, clientId).map((refreshToken) => ({ clientId, refreshToken })),
  );
  const everywhere = await signOutEverywhere();
  // A global sign-out has revoked every refresh token of the reader: asking RevokeToken for one
  // again is refused (HTTP 400, which the browser logs as an error), so the token is struck off
  // instead, and no longer kept on the device.
  if (everywhere) {
    forgetRevocations(here.storage);
    return true;
  }
  return revokePending(here);
}

/** What an earlier page's sign-out left undone, done now: every page of the site calls it as it loads. */
export function finishSignOutHere(): Promise<Unfinished> {
  return finishPendingSignOut(surroundings());
}

/** Deletes every cookie of the app client's sessions that the page can see (host-only, path `/`, as Amplify writes them). */
export function forgetSessionCookies(clientId: string): void {
  const prefix = sessionCookiePrefix(clientId);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const name of Object.keys(cookieValues(document.cookie))) {
    if (name.startsWith(prefix)) {
      document.cookie = `${encodeURIComponent(name)}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`;
    }
  }
}
