/**
 * After sign-in the reader is sent on only once the server accepts the session for that page, so
 * a session the page trusts and the server refuses (clock skew, a stale token) cannot bounce the
 * reader between the page and the sign-in route.
 */
import { loadAmplify } from './amplify';
import { readPageSession } from './site-auth';
import { RENEW_BEFORE_EXPIRY_SECONDS } from '../../core/session-format';

/** Asks the server, as a navigation would, whether it serves `path` with the current cookies. */
async function serverAccepts(path: string): Promise<boolean> {
  const response = await fetch(path, {
    method: 'HEAD',
    credentials: 'same-origin',
    redirect: 'manual',
    cache: 'no-store',
    headers: { Accept: 'text/html' },
  });
  return response.type !== 'opaqueredirect' && response.status !== 401;
}

async function renew(): Promise<void> {
  await (await loadAmplify()).currentReader({ forceRefresh: true });
}

/** True when the reader can open `path`; renews a session near its end, and once more if refused. */
export async function canContinueTo(path: string): Promise<boolean> {
  try {
    const session = readPageSession();
    if (!session || session.expiresAt - Date.now() / 1000 < RENEW_BEFORE_EXPIRY_SECONDS) {
      await renew();
    }
    if (await serverAccepts(path)) return true;
    await renew();
    return await serverAccepts(path);
  } catch {
    return false;
  }
}
