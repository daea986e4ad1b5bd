/**
 * Loopback addresses, which reach only this machine: what local mode is confined to. No imports:
 * the browser bundle, the site's configuration, the gate and the local identity service share it.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** `localhost`, `127.0.0.1` or `::1`, in any case; URLs and Host headers write the last `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);
}

/** A loopback host with an optional port, as a Host header or a URL's host: no user info, no suffix. */
export function isLoopbackHostPort(value: string | undefined): boolean {
  const host = /^(.+?)(?::\d{1,5})?$/.exec(value ?? '')?.[1];
  return host !== undefined && isLoopbackHost(host);
}
