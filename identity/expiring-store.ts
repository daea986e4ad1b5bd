/**
 * The local identity service's one-use, expiring entries: SRP challenges and new-password sessions
 * (`srp-sign-in.ts`), second-factor sessions and secrets (`second-factor.ts`), and the hosted
 * sign-in's pending sign-ins and codes (`google-stand-in.ts`). An entry is good once and until it
 * expires; expired entries are forgotten, and at most `MAX_WAITING_ENTRIES` wait at once (the
 * oldest go first), so a flood of requests never answered cannot grow the service's memory.
 */
import { randomBytes } from 'node:crypto';

export const MAX_WAITING_ENTRIES = 1_000;

/** A taken entry; `putBack` returns it (or a changed value) for another use, with its old expiry. */
export interface Taken<T> {
  value: T;
  putBack(value?: T): void;
}

export class ExpiringStore<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(private readonly ttlMs: number) {}

  /** Keeps `value` under `key` for the store's lifetime from now (or until `expiresAt`). */
  put(key: string, value: T, expiresAt = Date.now() + this.ttlMs): void {
    const now = Date.now();
    for (const [waiting, entry] of this.entries) {
      if (entry.expiresAt <= now || this.entries.size >= MAX_WAITING_ENTRIES) this.entries.delete(waiting);
      else break;
    }
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
  }

  /** Keeps `value` under a new random key, and gives the key. */
  issue(value: T): string {
    const key = randomBytes(24).toString('base64url');
    this.put(key, value);
    return key;
  }

  /** The entry under `key`, removed: undefined when there is none or it has expired. */
  take(key: string | null | undefined): Taken<T> | undefined {
    if (!key) return undefined;
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (!entry || entry.expiresAt <= Date.now()) return undefined;
    return { value: entry.value, putBack: (value = entry.value) => this.put(key, value, entry.expiresAt) };
  }
}
