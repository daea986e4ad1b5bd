/**
 * Where a reader asked to go before signing in. Only a path on this site is accepted, so a crafted
 * OAuth state or link can never send a reader to another origin.
 */
const STORAGE_KEY = 'handbook:return-path';

export function safeReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if ([...candidate].some((character) => character === '\\' || character.charCodeAt(0) < 0x20)) return null;
  const url = new URL(candidate, 'https://handbook.invalid');
  return url.origin === 'https://handbook.invalid' ? url.pathname + url.search + url.hash : null;
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

export function currentPath(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}
