/**
 * The sign-in route, shared by the site, its configuration and the gate server. No imports: the
 * browser bundle and Node both load it.
 */

/** The one public page: where Google sign-in and sign-out return, and where the gate sends visitors. */
export const SIGN_IN_PATH = '/sign-in';

/** The sign-in route's query parameter naming the page the reader asked for. */
export const RETURN_TO_PARAM = 'returnTo';

/** The sign-in route, asked to send the reader on to `path` (a path on this site) afterwards. */
export function signInUrlFor(path: string): string {
  return `${SIGN_IN_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`;
}

/**
 * The sign-out route, answered by the gate: it empties the browser of the site (`Clear-Site-Data:
 * "cache", "cookies"`) and sends the reader on to the sign-in route with the same query.
 */
export const SIGN_OUT_PATH = '/sign-out';

/** On the sign-in route after a sign-out that ended the session in this browser only (not revoked). */
export const SIGNED_OUT_HERE_ONLY_PARAM = 'signedOutHereOnly';

/**
 * Where a sign-out ends: through the sign-out route when a gate answers it (a build), or straight at
 * the sign-in route (the dev server); either asked to send the reader back to `path` afterwards.
 */
export function signedOutUrlFor(path: string, { revoked, viaGate }: { revoked: boolean; viaGate: boolean }): string {
  const query = `${RETURN_TO_PARAM}=${encodeURIComponent(path)}${revoked ? '' : `&${SIGNED_OUT_HERE_ONLY_PARAM}=1`}`;
  return `${viaGate ? SIGN_OUT_PATH : SIGN_IN_PATH}?${query}`;
}
