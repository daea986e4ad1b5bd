/**
 * A sign-out that outlives its own failure (security review 3, findings 3 and 9). Before anything
 * is asked of the network, the sign-out writes down what is left to do, in `localStorage`, which
 * every page of the site reads (the public sign-in page included) and which the sign-out route's
 * `Clear-Site-Data: "cache", "cookies"` leaves alone:
 * - empty the browser of the site: the sign-out route's answer, which an offline browser, a captive
 *   portal or a proxy error never receives, so the search index (the handbook's whole text) would
 *   stay in the HTTP cache for the next person;
 * - revoke the session's refresh token, which needs only the token and the app client (Cognito's
 *   `RevokeToken`), so it can be done when the access token has expired, or from the sign-in page.
 * Each step is struck off once done; the next page load of the site finishes what is left before
 * anything else reads the cache. It imports only `core/`'s shared modules: the tests give it its
 * storage and fetch.
 */
import { cookieValues } from '../../core/cookies';
import { sessionCookiePrefix } from '../../core/session-format';

/** The `localStorage` key; one per origin, as the browser's cache and cookies that it stands for. */
export const PENDING_SIGN_OUT_KEY = 'handbook.pendingSignOut';

/** A refresh token to revoke and the app client it was issued to. */
export interface Revocation {
  clientId: string;
  refreshToken: string;
}

export interface PendingSignOut {
  /** Whether the site's cache and cookies are still to be emptied (by the sign-out route). */
  clearSite: boolean;
  /** Refresh tokens still to be revoked. */
  revocations: Revocation[];
}

/** What finishing needs from the page. */
export interface SignOutSurroundings {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch: typeof fetch;
  /** The user pool's API endpoint (Amplify's `userPoolEndpoint`, or Cognito's regional one). */
  userPoolEndpoint: string;
  /** The gate's sign-out route; null where no gate answers it (the dev server keeps no index). */
  signOutRoute: string | null;
  /**
   * Whether the gate serves a protected page to the cookies the browser holds now: someone signed
   * in since, and the cache is theirs. Decided by the gate's answer, which verifies signatures,
   * never by the cookies' shape, which any sibling can plant (security review 4, finding 3).
   */
  signedInNow(): Promise<boolean>;
}

/** A planted cookie can add tokens; each is one call, so only this many are kept. */
const MAX_REVOCATIONS = 4;
/** Each call gets this long: a page waits for the sign-out to finish before it shows its form. */
export const CALL_DEADLINE_MS = 4_000;

const isRevocation = (value: unknown): value is Revocation =>
  typeof (value as Revocation)?.clientId === 'string' && typeof (value as Revocation)?.refreshToken === 'string';

/** The sign-out left to finish, or null; anything unreadable is dropped (it can hold no token to revoke). */
export function readPendingSignOut(storage: SignOutSurroundings['storage']): PendingSignOut | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(PENDING_SIGN_OUT_KEY) ?? 'null');
    const { clearSite, revocations } = (stored ?? {}) as Partial<PendingSignOut>;
    if (typeof clearSite !== 'boolean' || !Array.isArray(revocations)) return null;
    return { clearSite, revocations: revocations.filter(isRevocation) };
  } catch {
    return null;
  }
}

/** Stores what is left, or forgets the sign-out once nothing is. Storage that refuses changes nothing here. */
function store(storage: SignOutSurroundings['storage'], pending: PendingSignOut): void {
  try {
    if (pending.clearSite || pending.revocations.length) storage.setItem(PENDING_SIGN_OUT_KEY, JSON.stringify(pending));
    else storage.removeItem(PENDING_SIGN_OUT_KEY);
  } catch {
    // Private browsing with storage off, or a full quota: the sign-out runs as before, unremembered.
  }
}

/** The app client's refresh tokens in the cookies: the session's, and any a sibling subdomain planted. */
export function refreshTokensIn(cookieString: string, clientId: string): string[] {
  const prefix = sessionCookiePrefix(clientId);
  return Object.entries(cookieValues(cookieString))
    .filter(([name]) => name.startsWith(prefix) && name.endsWith('.refreshToken'))
    .flatMap(([, values]) => values);
}

/** Written first, before any request: the whole sign-out, with what an earlier one has not yet revoked. */
export function rememberSignOut(storage: SignOutSurroundings['storage'], revocations: Revocation[]): void {
  const earlier = readPendingSignOut(storage)?.revocations ?? [];
  const all = [...revocations, ...earlier].filter(
    (revocation, index, list) => list.findIndex((other) => other.refreshToken === revocation.refreshToken) === index,
  );
  store(storage, { clearSite: true, revocations: all.slice(0, MAX_REVOCATIONS) });
}

/** Strikes off every token still to revoke (a global sign-out revoked them), keeping the rest of the sign-out. */
export function forgetRevocations(storage: SignOutSurroundings['storage']): void {
  const pending = readPendingSignOut(storage);
  if (pending) store(storage, { ...pending, revocations: [] });
}

type RevocationOutcome = 'revoked' | 'refused' | 'unreachable';

/**
 * Cognito's `RevokeToken`, as the AWS SDK sends it (JSON 1.1, the operation in `X-Amz-Target`): "The
 * refresh token that you want to revoke" and "The ID of the app client where the token ... was
 * issued"; no access token, no credentials ("Amazon Cognito doesn't evaluate IAM policies in
 * requests for this API operation"); success is HTTP 200 with an empty body (Amazon Cognito API
 * Reference, RevokeToken). A refusal (a token already revoked, expired or not the pool's) is as
 * final as success; only no answer, a throttle or a server error leaves the token to revoke later.
 */
export async function revokeRefreshToken(
  surroundings: Pick<SignOutSurroundings, 'fetch' | 'userPoolEndpoint'>,
  { clientId, refreshToken }: Revocation,
): Promise<RevocationOutcome> {
  try {
    const answer = await surroundings.fetch(surroundings.userPoolEndpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.RevokeToken',
      },
      body: JSON.stringify({ ClientId: clientId, Token: refreshToken }),
      cache: 'no-store',
      signal: AbortSignal.timeout(CALL_DEADLINE_MS),
    });
    if (answer.ok) return 'revoked';
    return answer.status >= 400 && answer.status < 500 && answer.status !== 429 ? 'refused' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** Revokes the pending tokens; true when none is left to revoke. */
export async function revokePending(surroundings: SignOutSurroundings): Promise<boolean> {
  const pending = readPendingSignOut(surroundings.storage);
  if (!pending) return true;
  const outcomes = await Promise.all(
    pending.revocations.map((revocation) => revokeRefreshToken(surroundings, revocation)),
  );
  const left = pending.revocations.filter((_, index) => outcomes[index] === 'unreachable');
  store(surroundings.storage, { ...(readPendingSignOut(surroundings.storage) ?? pending), revocations: left });
  return left.length === 0;
}

/**
 * Empties the browser of the site through the sign-out route, whose answer carries `Clear-Site-Data`
 * (a fetch's answer counts, as a navigation's does), unless someone has signed in since.
 */
async function clearSite(surroundings: SignOutSurroundings, pending: PendingSignOut): Promise<void> {
  if (!pending.clearSite) return;
  let cleared = surroundings.signOutRoute === null || (await surroundings.signedInNow());
  if (!cleared && surroundings.signOutRoute) {
    const route = surroundings.signOutRoute;
    cleared = await surroundings
      .fetch(route, { cache: 'no-store', credentials: 'same-origin', signal: AbortSignal.timeout(CALL_DEADLINE_MS) })
      .then(
        (answer) => answer.ok,
        () => false,
      );
  }
  if (cleared)
    store(surroundings.storage, { ...(readPendingSignOut(surroundings.storage) ?? pending), clearSite: false });
}

/** What is still undone after a page tried to finish a sign-out. */
export interface Unfinished {
  /** Whether a sign-out was pending when the page loaded. */
  wasPending: boolean;
  /** Whether a refresh token could not yet be revoked. */
  revocationPending: boolean;
}

/** Finishes an earlier sign-out, the cache first; a no-op without one. Never throws. */
export async function finishPendingSignOut(surroundings: SignOutSurroundings): Promise<Unfinished> {
  const pending = readPendingSignOut(surroundings.storage);
  if (!pending) return { wasPending: false, revocationPending: false };
  await clearSite(surroundings, pending);
  return { wasPending: true, revocationPending: !(await revokePending(surroundings)) };
}
