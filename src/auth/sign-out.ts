/**
 * Signing out ends the session in this browser whatever fails (security review 2, finding 3: a
 * page that had failed once to load Amplify, after a laptop's sleep or a network blip, ignored the
 * click and kept every cookie). In order:
 * 1. revoke the session at the identity service (Cognito's global sign-out, through Amplify),
 *    loading Amplify afresh up to three times, each attempt within a deadline;
 * 2. delete the session's cookies from the page, which needs nothing from the network;
 * 3. leave for the sign-out route, whose answer also clears the site's cookies and cache
 *    (`Clear-Site-Data`), and which tells the sign-in page when the revocation could not be done.
 */
import { loadAmplify } from './amplify';
import { cookieValues } from '../../core/cookies';
import { lastAuthUserCookie } from '../../core/session-format';

const ATTEMPTS = 3;
const ATTEMPT_DEADLINE_MS = 4_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([work, pause(ms).then(() => Promise.reject(new Error(`no answer within ${ms} ms`)))]);
}

/** True once the identity service has revoked the session; false when it could not be reached. */
export async function revokeSession(): Promise<boolean> {
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

/** Deletes every cookie of the app client's sessions that the page can see (host-only, path `/`, as Amplify writes them). */
export function forgetSessionCookies(clientId: string): void {
  const prefix = lastAuthUserCookie(clientId).replace(/LastAuthUser$/, '');
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const name of Object.keys(cookieValues(document.cookie))) {
    if (name.startsWith(prefix)) {
      document.cookie = `${encodeURIComponent(name)}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`;
    }
  }
}
