/**
 * Where a reader asked to go before signing in. Only a path on this site is accepted, so a crafted
 * OAuth state or link can never send a reader to another origin.
 */
import { RETURN_TO_PARAM, SIGN_IN_PATH } from '../../core/sign-in-route';

const STORAGE_KEY = 'handbook:return-path';

const BASE = 'https://handbook.invalid';

/**
 * A path on this site as written: one `/`, then not a second `/` or `\\` (which would make it
 * scheme-relative), and no control character (which URL parsers drop, joining what it separated).
 */
function isSitePath(value: string): boolean {
  return (
    /^\/(?![/\\])/.test(value) &&
    ![...value].some((character) => character === '\\' || character.charCodeAt(0) < 0x20 || character === '\x7f')
  );
}

/**
 * The path to send the reader to, or null. The value checked is the value used: after the URL
 * parser has normalised it (`/.//evil.example` becomes `//evil.example`), it must still be a path
 * on this site, and parsing it again must not change it.
 */
export function safeReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !isSitePath(candidate)) return null;
  const url = new URL(candidate, BASE);
  const normalised = url.pathname + url.search + url.hash;
  // An encoded slash or backslash names no page (the gate refuses it) and only serves to confuse.
  if (url.origin !== BASE || !isSitePath(normalised) || /%(2f|5c)/i.test(url.pathname)) return null;
  const again = new URL(normalised, BASE);
  return again.origin === BASE && again.pathname + again.search + again.hash === normalised ? normalised : null;
}

export function rememberReturnPath(candidate: unknown): void {
  const path = safeReturnPath(candidate);
  if (path) window.sessionStorage.setItem(STORAGE_KEY, path);
}

export function takeReturnPath(): string | null {
  const path = window.sessionStorage.getItem(STORAGE_KEY);
  window.sessionStorage.removeItem(STORAGE_KEY);
  return safeReturnPath(path);
}

type PageLocation = Pick<Location, 'pathname' | 'search' | 'hash'>;

/**
 * The page a reader here wants once signed in: this one, or on the sign-in route the page it
 * names in `returnTo` (never the sign-in route itself, which would send the reader in a circle).
 * A server's redirect to the sign-in route cannot see the page's `#section`, but the browser keeps
 * it on the sign-in URL: it goes with the page.
 */
export function destinationOf(location: PageLocation): string {
  if (location.pathname !== SIGN_IN_PATH) return location.pathname + location.search + location.hash;
  const path = safeReturnPath(new URLSearchParams(location.search).get(RETURN_TO_PARAM));
  if (!path || new URL(path, BASE).pathname === SIGN_IN_PATH) return '/';
  return path.includes('#') ? path : path + location.hash;
}
