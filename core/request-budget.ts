/** A rate limit per client, shared by the gate server and the local identity service. */

/** Addresses whose request budget is tracked at once; beyond, full budgets (then the oldest) are forgotten. */
const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * A token bucket per client address: `burst` requests at once, refilled at `perSecond`. `take`
 * answers 0 when the request may go ahead, otherwise the whole seconds until it could.
 */
export function createRequestBudget(perSecond: number, burst: number, now = () => performance.now() / 1000) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const makeRoom = (time: number) => {
    for (const [address, bucket] of buckets) {
      if (bucket.tokens + (time - bucket.at) * perSecond >= burst) buckets.delete(address);
      if (buckets.size < MAX_TRACKED_ADDRESSES / 2) return;
    }
    // Every budget is in use (many addresses at once): forget the oldest.
    for (const address of buckets.keys()) {
      if (buckets.size < MAX_TRACKED_ADDRESSES) return;
      buckets.delete(address);
    }
  };
  return function take(address: string): number {
    const time = now();
    const bucket = buckets.get(address) ?? { tokens: burst, at: time };
    bucket.tokens = Math.min(burst, bucket.tokens + (time - bucket.at) * perSecond);
    bucket.at = time;
    if (!buckets.has(address)) {
      if (buckets.size >= MAX_TRACKED_ADDRESSES) makeRoom(time);
      buckets.set(address, bucket);
    }
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    bucket.tokens -= 1;
    return 0;
  };
}
