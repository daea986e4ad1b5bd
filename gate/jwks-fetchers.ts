/**
 * Where the gate's session checker gets the pool's keys (`session.ts`): a download held to a
 * deadline, a failure remembered for a moment, and the keys shipped with the edge function kept
 * beside the live ones.
 */
import type { Fetcher } from 'aws-jwt-verify/https';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { GateAuth } from './manifest';

/**
 * A JWKS download that has not answered by then has failed: the request is refused, not held. The
 * local gate's key host is on loopback; the edge sets its own, longer deadline (viewer-request.ts).
 */
export const JWKS_DEADLINE_MS = 750;
/** After a failed download, requests are refused at once for this long instead of each waiting. */
export const JWKS_FAILURE_PAUSE_MS = 5_000;
/**
 * Downloads the JWKS over https from the real pool, or over plain http from the local identity
 * service on loopback (which aws-jwt-verify's own fetcher refuses), within the deadline.
 */
export class JwksFetcher implements Fetcher {
  constructor(
    private readonly mode: GateAuth['mode'],
    private readonly deadlineMs = JWKS_DEADLINE_MS,
  ) {}

  async fetch(uri: string): Promise<ArrayBuffer> {
    const url = new URL(uri);
    const allowed =
      this.mode === 'cognito' ? url.protocol === 'https:' : url.protocol === 'http:' && url.hostname === '127.0.0.1';
    if (!allowed) throw new Error(`Not a ${this.mode === 'cognito' ? 'https' : 'loopback'} JWKS: ${uri}`);
    const response = await fetch(url, { signal: AbortSignal.timeout(this.deadlineMs), redirect: 'error' });
    if (!response.ok) throw new Error(`${uri} answered ${response.status}`);
    return response.arrayBuffer();
  }
}

/** The pool's keys could not be had: the session is refused for that, not for its tokens. */
export class KeysUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeysUnavailableError';
  }
}

/**
 * Holds any fetcher to the deadline, and remembers a failure for a moment, so a key host that
 * swallows connections costs one request at most the deadline, and the next ones nothing. Every
 * failure comes out as a `KeysUnavailableError`.
 */
export class BoundedFetcher implements Fetcher {
  private pausedUntil = 0;

  constructor(
    private readonly inner: Fetcher,
    private readonly deadlineMs: number,
  ) {}

  async fetch(uri: string): Promise<ArrayBuffer> {
    if (Date.now() < this.pausedUntil) throw new KeysUnavailableError(`The JWKS at ${uri} failed moments ago`);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The JWKS at ${uri} did not answer in time`)), this.deadlineMs);
    });
    try {
      return await Promise.race([this.inner.fetch(uri), deadline]);
    } catch (error) {
      this.pausedUntil = Date.now() + JWKS_FAILURE_PAUSE_MS;
      throw new KeysUnavailableError(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The key ids a JWKS holds. */
function kidsOf(jwks: Jwks): string[] {
  return jwks.keys.map((key) => String(key.kid)).sort();
}

/** What the pool publishes now, against the keys packaged with the function at deploy time. */
export interface KeysChanged {
  shipped: string[];
  live: string[];
}

/**
 * Downloads the pool's JWKS (held to the deadline by the bounded fetcher around it) but keeps the shipped keys too: Cognito
 * "might rotate signing keys", and the advice is to cache keys by `kid` and fetch again on an
 * unknown one (Cognito, "Verifying JSON web tokens"); tokens signed by a key the pool has just
 * retired still verify until they expire. Reports once when the live keys differ from the shipped.
 */
export class ShippedKeysFetcher implements Fetcher {
  private reported = false;

  constructor(
    private readonly inner: Fetcher,
    private readonly shipped: Jwks,
    private readonly onKeysChanged: (change: KeysChanged) => void,
  ) {}

  async fetch(uri: string): Promise<ArrayBuffer> {
    const live = JSON.parse(new TextDecoder().decode(await this.inner.fetch(uri))) as Jwks;
    if (!Array.isArray(live?.keys)) throw new Error(`${uri} holds no JWKS`);
    const change = { shipped: kidsOf(this.shipped), live: kidsOf(live) };
    if (!this.reported && change.shipped.join() !== change.live.join()) {
      this.reported = true;
      this.onKeysChanged(change);
    }
    const liveKids = new Set(change.live);
    const merged = { keys: [...live.keys, ...this.shipped.keys.filter((key) => !liveKids.has(String(key.kid)))] };
    return new TextEncoder().encode(JSON.stringify(merged)).buffer as ArrayBuffer;
  }
}
