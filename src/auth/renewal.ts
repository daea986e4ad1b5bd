/**
 * Renews the tokens quietly before they are needed, for as long as the reader stays signed in: a
 * reader who leaves a tab open never meets the sign-in route (or a refused script). No imports
 * from the site: session.tsx gives it the session's expiry and the renewal, the tests their own.
 */
import { RENEW_BEFORE_EXPIRY_SECONDS } from '../../core/session-format';

/** After a renewal, or one that failed (offline, Amplify not loaded), wait at least this long before the next. */
export const RENEWAL_RETRY_MS = 30_000;

export interface RenewalSurroundings {
  /** When the page's session ends, in seconds since the epoch; null when the cookies hold none. */
  expiresAt(): number | null;
  /** One renewal. It may fail: the next is tried all the same. */
  renew(): Promise<unknown>;
  now(): number;
  /** Where the tab's return is heard (`visibilitychange`). */
  page: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/** Starts renewing; the function returned stops it. */
export function keepSessionRenewed(surroundings: RenewalSurroundings): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (notBefore = 0) => {
    clearTimeout(timer);
    const expiresAt = surroundings.expiresAt();
    const due = expiresAt === null ? 0 : (expiresAt - RENEW_BEFORE_EXPIRY_SECONDS) * 1000 - surroundings.now();
    timer = setTimeout(() => void renew(), Math.max(due, notBefore));
  };
  const renew = async () => {
    try {
      // A refresh token that is refused ends the session through Amplify's events (`onSessionChange`).
      await surroundings.renew();
    } catch {
      // Amplify could not load (offline, a blip, a refused chunk): tried again after the pause.
    }
    if (!stopped) schedule(RENEWAL_RETRY_MS);
  };
  // A hidden tab's timers are throttled and a sleeping computer's stopped: look again on return.
  const onVisible = () => surroundings.page.visibilityState === 'visible' && schedule();
  surroundings.page.addEventListener('visibilitychange', onVisible);
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    surroundings.page.removeEventListener('visibilitychange', onVisible);
  };
}
