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
 * The sign-out route, answered by the gate: it empties the browser's cache of the site
 * (`Clear-Site-Data: "cache"`) and sends the reader on to the sign-in route with the same query.
 */
export const SIGN_OUT_PATH = '/sign-out';

/** The sign-out route, then the sign-in route asked to send the reader back to `path` afterwards. */
export function signOutUrlFor(path: string): string {
  return `${SIGN_OUT_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`;
}
