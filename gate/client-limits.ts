/**
 * What one client may take of the gate server, so that a single client can neither exhaust its
 * memory nor hold the connection slots every reader shares:
 * - a connection's requests are answered one after another, each once the previous answer has left
 *   (HTTP/1.1 pipelining otherwise lets a client queue a thousand answers, each buffering a file,
 *   on one connection it never reads), and a connection that queues more than a few is closed;
 * - each client gets a bounded rate of requests (`createRequestBudget`, in `core/` for the local
 *   identity service too; `client-address.ts` says who a client is), answered beyond it with 503
 *   and `Retry-After`;
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
