/**
 * The clients an attack test opens, every one tracked so the test can end them all in a `finally`,
 * and waits that end: a flood test must never wait forever (a keep-alive pinger the server never
 * closes, a socket opened after the others were destroyed, an answer that never comes).
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';

export interface AttackClients {
  /**
   * A raw connection from `localAddress` (a loopback address) that never closes its side unless
   * told to (`allowHalfOpen`), as a hostile client keeps a half-closed socket; rejects on error.
   * Once `stop()` was called, every socket is destroyed as soon as it connects.
   */
  open(port: number, localAddress: string): Promise<Socket>;
  /** Ends the attack: no new socket survives, every open one and every timer is gone. */
  stop(): void;
  /** A timer cleared by `stop()`, or by the function returned. */
  every(ms: number, tick: () => void): () => void;
  readonly stopped: boolean;
}

export function attackClients(): AttackClients {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  return {
    open(port, localAddress) {
      return new Promise((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1', localAddress, allowHalfOpen: true }, () => {
          if (stopped) socket.destroy();
          resolve(socket);
        });
        sockets.add(socket);
        socket.once('close', () => {
          sockets.delete(socket);
          reject(new Error('closed before it connected'));
        });
        socket.once('error', reject);
        if (stopped) socket.destroy();
      });
    },
    stop() {
      stopped = true;
      timers.forEach((timer) => clearInterval(timer));
      sockets.forEach((socket) => socket.destroy());
    },
    every(ms, tick) {
      if (stopped) return () => {};
      const timer = setInterval(tick, ms);
      timers.add(timer);
      return () => {
        clearInterval(timer);
        timers.delete(timer);
      };
    },
    get stopped() {
      return stopped;
    },
  };
}

/** `work`, or a rejection naming `what` once `ms` have passed without it settling. */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
