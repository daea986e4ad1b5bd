/**
 * Slow and greedy clients: a connection that dribbles its headers is dropped at the header
 * deadline while other readers are served, and connections past the cap are refused.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createGateServer, DEFAULT_LIMITS } from '../server';
import { fixtureManifest, writeFixtureBuild } from '../../testkit/fixture-build';
import { until } from '../../testkit/until';
import { listenOnLoopback } from './loopback-server';

/** Resolves with how long the socket stays open from now (0 if closed already), or rejects past `withinMs`. */
function closedWithin(socket: Socket, withinMs: number): Promise<number> {
  const opened = performance.now();
  return new Promise((resolve, reject) => {
    if (socket.closed) {
      resolve(0);
      return;
    }
    const timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - opened);
    });
  });
}

/** Resolves once the server holds `expected` connections (it counts them as its side opens and closes them). */
async function holdsConnections(server: http.Server, expected: number): Promise<void> {
  const count = () =>
    new Promise<number>((resolve, reject) => server.getConnections((error, n) => (error ? reject(error) : resolve(n))));
  await until(async () => (await count()) === expected, {
    withinMs: 5_000,
    failure: async () => `the server holds ${await count()} connections, not ${expected}`,
  });
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

function status(port: number, path = '/sign-in'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('connection limits', () => {
  const fixture = writeFixtureBuild(fixtureManifest());
  let server: http.Server;
  let port: number;
  const sockets: Socket[] = [];

  before(async () => {
    server = createGateServer({
      buildDir: fixture.buildDir,
      log: () => {},
      limits: {
        headersTimeoutMs: 400,
        requestTimeoutMs: 800,
        idleTimeoutMs: 600,
        checkIntervalMs: 50,
        maxConnections: 4,
      },
    });
    port = await listenOnLoopback(server);
  });
  after(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => server.close(resolve));
    fixture.remove();
  });

  test('the defaults suit a docs server, far below Node’s own (60 s for headers, no cap)', () => {
    assert.ok(DEFAULT_LIMITS.headersTimeoutMs <= 10_000);
    assert.ok(DEFAULT_LIMITS.requestTimeoutMs <= 30_000);
    assert.ok(DEFAULT_LIMITS.checkIntervalMs <= DEFAULT_LIMITS.headersTimeoutMs / 5);
    assert.ok(DEFAULT_LIMITS.maxConnections > 0 && Number.isFinite(DEFAULT_LIMITS.maxConnections));
  });

  test('a client sending its headers a byte at a time is dropped; others are served meanwhile', async () => {
    const slow = await open(port);
    sockets.push(slow);
    slow.on('error', () => {});
    slow.write('GET /sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const dribble = setInterval(() => slow.writable && slow.write('a'), 100);
    const dropped = closedWithin(slow, 10_000);
    try {
      for (let served = 0; served < 3; served += 1) assert.equal(await status(port), 200);
      const lifetime = await dropped;
      assert.ok(lifetime < 4_000, `the slow client was held ${lifetime} ms`);
    } finally {
      clearInterval(dribble);
    }
  });

  test('a connection that sends nothing, or one byte, is dropped at the header deadline', async () => {
    const silent = await open(port);
    const oneByte = await open(port);
    sockets.push(silent, oneByte);
    oneByte.write('G');
    silent.on('error', () => {});
    oneByte.on('error', () => {});
    for (const lifetime of await Promise.all([closedWithin(silent, 10_000), closedWithin(oneByte, 10_000)])) {
      assert.ok(lifetime < 4_000, `held ${lifetime} ms`);
    }
  });

  test('connections beyond the cap are refused, and served again once the idle ones are dropped', async () => {
    // The server counts a closed connection only once its own side has closed: start from none,
    // so the cap is filled by this test's sockets and not by the last test's leftovers.
    await holdsConnections(server, 0);
    const idle = await Promise.all([1, 2, 3, 4].map(() => open(port)));
    sockets.push(...idle);
    idle.forEach((socket) => socket.on('error', () => {}));
    // The cap is full once the server has taken all four, not when the client's connects resolved.
    await holdsConnections(server, 4);
    await assert.rejects(status(port), /ECONNRESET|socket hang up/);
    await Promise.all(idle.map((socket) => closedWithin(socket, 10_000)));
    assert.equal(await status(port), 200);
  });
});
