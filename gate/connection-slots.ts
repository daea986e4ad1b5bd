/**
 * The gate's connection slots, shared fairly (security review 3, findings 2 and 7):
 * - each client (`clientKey`: an IPv4 address, an IPv6 /64) holds at most `perClient` connections;
 * - all clients together hold at most `total`. When they do, a newcomer whose client holds fewer
 *   connections than the heaviest one takes a slot from it (the heaviest client's oldest idle
 *   connection, else its oldest), so a few addresses that fill the gate cannot keep the rest out:
 *   eight addresses × 64 leave each other reader a slot, where a plain global cap refused them all;
 * - a connection that is refused is answered 503 and destroyed as soon as the answer is written,
 *   so it leaves the count at once (`end()` alone only half-closes a server socket, which stays
 *   open and counted until the client closes it or a timeout fires: 6-10 s seen);
 * - a trusted proxy's connections are exempt (every reader behind it arrives on them).
 * Node's own `server.maxConnections` is left unset: it drops a connection before the gate can
 * choose which one should go.
 */
import type { Socket } from 'node:net';
import { clientKey } from './client-address';

interface Held {
  /** Requests being answered on the connection now. */
  busy: number;
}

export interface ConnectionSlots {
  /** Admits `socket`, making room if it is fair to; false when it must be refused. */
  admit(socket: Socket): boolean;
  /** Marks a request under way on `socket` until `done` is called (an idle connection goes first). */
  busy(socket: Socket): () => void;
  /** Connections counted now. */
  readonly open: number;
}

export function createConnectionSlots({ perClient, total }: { perClient: number; total: number }): ConnectionSlots {
  const byClient = new Map<string, Map<Socket, Held>>();
  const held = new WeakMap<Socket, Held>();
  let open = 0;

  const heaviest = (): Map<Socket, Held> | undefined => {
    let found: Map<Socket, Held> | undefined;
    for (const sockets of byClient.values()) if (!found || sockets.size > found.size) found = sockets;
    return found;
  };
  const evictFrom = (sockets: Map<Socket, Held>) => {
    // A Map keeps insertion order: the first idle entry is the oldest idle connection.
    let victim: Socket | undefined;
    for (const [socket, state] of sockets) {
      if (state.busy === 0) {
        victim = socket;
        break;
      }
    }
    victim ??= sockets.keys().next().value;
    if (victim) release(victim);
    victim?.destroy();
  };
  const release = (socket: Socket) => {
    const key = clientKey(socket.remoteAddress ?? '');
    const sockets = byClient.get(key);
    if (!sockets?.delete(socket)) return;
    open -= 1;
    if (sockets.size === 0) byClient.delete(key);
  };

  return {
    admit(socket) {
      const key = clientKey(socket.remoteAddress ?? '');
      const mine = byClient.get(key)?.size ?? 0;
      if (mine >= perClient) return false;
      if (open >= total) {
        const fullest = heaviest();
        if (!fullest || fullest.size <= mine + 1) return false;
        evictFrom(fullest);
      }
      const sockets = byClient.get(key) ?? new Map<Socket, Held>();
      byClient.set(key, sockets);
      const state = { busy: 0 };
      sockets.set(socket, state);
      held.set(socket, state);
      open += 1;
      socket.once('close', () => release(socket));
      return true;
    },
    busy(socket) {
      const state = held.get(socket);
      if (!state) return () => {};
      state.busy += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        state.busy -= 1;
      };
    },
    get open() {
      return open;
    },
  };
}

/** Writes `answer` to a refused connection and destroys it once written, so it frees its slot at once. */
export function refuseConnection(socket: Socket, answer: string): void {
  socket.on('error', () => {});
  socket.end(answer, () => socket.destroy());
  // A client that never reads can hold the write: the slot is freed regardless within a second.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
