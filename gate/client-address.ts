/**
 * Who a client is, for the limits of `client-limits.ts` and `connection-slots.ts`:
 * - an IPv4 address as written (an IPv4-mapped IPv6 peer, `::ffff:a.b.c.d` on a dual-stack
 *   listener, is the same machine as `a.b.c.d`);
 * - an IPv6 address by its /64: one host is given a whole /64 (RFC 4291's interface identifiers,
 *   and RFC 6177's advice to assign a /64 or more per site), so counting its 2^64 addresses apart
 *   would give it 2^64 shares;
 * - behind a trusted proxy (`--trust-proxy <addresses or ranges>`), the address the proxy appended
 *   to `X-Forwarded-For`, and only when the connection comes from one of those proxies: any other
 *   peer's header is anyone's to write, and that peer is counted by its own address.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';

export class TrustedProxyError extends Error {}

/** The peer addresses whose forwarded headers are believed; `trusts` answers for one peer. */
export interface TrustedProxies {
  /** The ranges as given, for messages. */
  readonly ranges: readonly string[];
  trusts(peer: string | undefined): boolean;
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** `a.b.c.d` for an IPv4-mapped IPv6 address, the address itself otherwise. */
export function unmapped(address: string): string {
  return MAPPED_IPV4.exec(address)?.[1] ?? address;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded); null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const toGroups = (parts: string[]) =>
    parts.flatMap((part) => {
      if (!part.includes('.')) return [parseInt(part, 16)];
      const [a, b, c, d] = part.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const front = toGroups(parse(head));
  const back = toGroups(parse(tail));
  const missing = 8 - front.length - back.length;
  return [...front, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...back];
}

/** The key a client's share is counted under: its IPv4 address, or its IPv6 /64 (`2001:db8:0:1::/64`). */
export function clientKey(address: string): string {
  const plain = unmapped(address.trim());
  if (isIPv4(plain)) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The trusted proxies from `--trust-proxy` values, each an address or a CIDR range
 * (`10.0.1.5`, `10.0.1.0/24`, `fd00::/8`), comma-separated or repeated; throws naming a bad one.
 */
export function trustedProxies(values: readonly string[]): TrustedProxies {
  const list = new BlockList();
  const ranges = values.flatMap((value) => value.split(',')).map((range) => range.trim());
  for (const range of ranges) {
    const [address, prefixText, extra] = range.split('/');
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    const prefix = prefixText === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefixText);
    const maxPrefix = family === 'ipv4' ? 32 : 128;
    if (!family || extra !== undefined || !/^\d*$/.test(prefixText ?? '') || !(prefix >= 0 && prefix <= maxPrefix)) {
      throw new TrustedProxyError(
        `--trust-proxy "${range}" is not an address or a CIDR range (10.0.1.5, 10.0.1.0/24, fd00::/8)`,
      );
    }
    list.addSubnet(address, prefix, family);
  }
  return {
    ranges,
    trusts(peer) {
      if (!peer || ranges.length === 0) return false;
      const address = unmapped(peer);
      return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
    },
  };
}

/** No proxy is trusted: every forwarded header is ignored. */
export const NO_TRUSTED_PROXIES: TrustedProxies = trustedProxies([]);

/**
 * The address a request is counted under: the peer's, or when the peer is a trusted proxy the last
 * `X-Forwarded-For` value, the one that proxy appended (earlier values came from the client and
 * prove nothing).
 */
export function clientAddressOf(request: IncomingMessage, proxies: TrustedProxies): string {
  const peer = request.socket.remoteAddress ?? '';
  if (!proxies.trusts(peer)) return clientKey(peer);
  const forwarded = String(request.headers['x-forwarded-for'] ?? '').split(',');
  return clientKey(forwarded[forwarded.length - 1].trim() || peer);
}
