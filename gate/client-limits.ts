/**
 * What one client may take of the gate server, so that a single client can neither exhaust its
 * memory nor hold the connection slots every reader shares:
 * - a connection's requests are answered one after another, each once the previous answer has left
 *   (HTTP/1.1 pipelining otherwise lets a client queue a thousand answers, each buffering a file,
 *   on one connection it never reads), and a connection that queues more than a few is closed;
 * - each client gets a bounded rate of requests (`client-address.ts` says who a client is),
 *   answered beyond it with 503 and `Retry-After`;
 * - each client holds a bounded number of connections (`connection-slots.ts`).
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Answers `response` by calling `start` once the connection's earlier answers have finished; returns
 * false (and starts nothing) when `maxWaiting` answers already wait on the connection.
 */
export function createAnswerQueue(maxWaiting: number) {
  const queues = new WeakMap<Socket, { busy: boolean; waiting: (() => void)[] }>();
  return function answerInTurn(socket: Socket, response: ServerResponse, start: () => void): boolean {
    let queue = queues.get(socket);
    if (!queue) {
      const created = { busy: false, waiting: [] as (() => void)[] };
      queues.set(socket, created);
      // Answers still waiting when the connection goes are never written: drop them.
      socket.once('close', () => (created.waiting.length = 0));
      queue = created;
    }
    const turns = queue;
    const run = () => {
      turns.busy = true;
      let done = false;
      const next = () => {
        if (done) return;
        done = true;
        turns.busy = false;
        turns.waiting.shift()?.();
      };
      response.once('finish', next);
      response.once('close', next);
      start();
    };
    if (!turns.busy) run();
    else if (turns.waiting.length < maxWaiting) turns.waiting.push(run);
    else return false;
    return true;
  };
}

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
