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
import type { ConnectionLimits } from '../server';
import { fixtureManifest, writeFixtureBuild } from '../../testkit/fixture-build';
import { until } from '../../testkit/until';
import { listenOnLoopback } from '../../testkit/loopback';

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

/**
 * A connection from `localAddress`; a hostile one (`halfOpen`) never closes its own side, even once
 * the server has closed its own. It reads what the server sends, as a client does: a socket whose
 * data nobody reads never sees the server's end, so a connection the server answered before closing
 * (Node's own 408 at the header deadline, which races the gate's own drop) looked held forever.
 */
function open(port: number, { localAddress = '127.0.0.1', halfOpen = false } = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress, allowHalfOpen: halfOpen }, () => resolve(socket));
    socket.on('error', reject);
    socket.resume();
  });
}

function status(port: number, path = '/sign-in', localAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false, localAddress, timeout: 5_000 }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error('no answer within 5 s'));
      })
      .on('error', reject);
  });
}

/** A gate with `limits` for the suite it is called in, its sockets destroyed and the gate closed after. */
function gateFor(limits: Partial<ConnectionLimits>) {
  const fixture = writeFixtureBuild(fixtureManifest());
  const gate = { server: null as unknown as http.Server, port: 0, sockets: [] as Socket[] };
  before(async () => {
    gate.server = createGateServer({ buildDir: fixture.buildDir, log: () => {}, limits });
    gate.port = await listenOnLoopback(gate.server);
  });
  after(async () => {
    gate.sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => gate.server.close(resolve));
    fixture.remove();
  });
  return gate;
}

describe('connection limits', () => {
  const gate = gateFor({
    headersTimeoutMs: 400,
    requestTimeoutMs: 800,
    idleTimeoutMs: 600,
    checkIntervalMs: 50,
    maxConnections: 4,
  });

  test('a gate started without limits enforces the defaults, each stricter than Node’s own', () => {
    const fixture = writeFixtureBuild(fixtureManifest());
    try {
      const server = createGateServer({ buildDir: fixture.buildDir, log: () => {} });
      const plain = http.createServer();
      // Node's own: 60 s for headers, 300 s for a request, 5 s keep-alive, no idle or request cap.
      assert.equal(server.headersTimeout, DEFAULT_LIMITS.headersTimeoutMs);
      assert.ok(server.headersTimeout <= 10_000 && server.headersTimeout < plain.headersTimeout);
      assert.equal(server.requestTimeout, DEFAULT_LIMITS.requestTimeoutMs);
      assert.ok(server.requestTimeout <= 30_000 && server.requestTimeout < plain.requestTimeout);
      assert.equal(server.keepAliveTimeout, DEFAULT_LIMITS.keepAliveTimeoutMs);
      assert.equal(server.timeout, DEFAULT_LIMITS.idleTimeoutMs);
      assert.ok(server.timeout > 0 && plain.timeout === 0, 'an idle socket is dropped; Node keeps it');
      assert.equal(server.maxRequestsPerSocket, DEFAULT_LIMITS.maxRequestsPerSocket);
      assert.ok(server.maxRequestsPerSocket > 0 && !plain.maxRequestsPerSocket);
    } finally {
      fixture.remove();
    }
  });

  test('a client sending its headers a byte at a time is dropped; others are served meanwhile', async () => {
    const slow = await open(gate.port);
    gate.sockets.push(slow);
    slow.on('error', () => {});
    slow.write('GET /sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const dribble = setInterval(() => slow.writable && slow.write('a'), 100);
    const dropped = closedWithin(slow, 10_000);
    try {
      for (let served = 0; served < 3; served += 1) assert.equal(await status(gate.port), 200);
      const lifetime = await dropped;
      assert.ok(lifetime < 4_000, `the slow client was held ${lifetime} ms`);
    } finally {
      clearInterval(dribble);
    }
  });

  test('a connection that sends nothing, or one byte, is dropped at the header deadline', async () => {
    const silent = await open(gate.port);
    const oneByte = await open(gate.port);
    gate.sockets.push(silent, oneByte);
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
    await holdsConnections(gate.server, 0);
    const idle = await Promise.all([1, 2, 3, 4].map(() => open(gate.port)));
    gate.sockets.push(...idle);
    idle.forEach((socket) => socket.on('error', () => {}));
    // The cap is full once the server has taken all four, not when the client's connects resolved.
    await holdsConnections(gate.server, 4);
    assert.equal(await status(gate.port), 503);
    await Promise.all(idle.map((socket) => closedWithin(socket, 10_000)));
    assert.equal(await status(gate.port), 200);
  });
});

describe('fair shares of the connection slots', () => {
  const gate = gateFor({
    maxConnections: 8,
    maxConnectionsPerAddress: 4,
    requestsPerSecondPerAddress: 1,
    requestBurstPerAddress: 2,
  });

  test('a connection refused its slot leaves the count at once, though its client never closes', async () => {
    await holdsConnections(gate.server, 0);
    const held = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => open(gate.port, { localAddress: '127.0.0.6', halfOpen: true })),
    );
    gate.sockets.push(...held);
    held.forEach((socket) => socket.on('error', () => {}));
    // Four admitted; the other two answered 503 and closed by the gate, not left half-open.
    await holdsConnections(gate.server, 4);
    held.forEach((socket) => socket.destroy());
    await holdsConnections(gate.server, 0);
  });
  test('two addresses filling every slot leave a third address served', async () => {
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      const idle = await Promise.all(
        [1, 2, 3, 4].map(() => open(gate.port, { localAddress: address, halfOpen: true })),
      );
      gate.sockets.push(...idle);
      idle.forEach((socket) => socket.on('error', () => {}));
    }
    await holdsConnections(gate.server, 8);
    // Over its own share an address is refused; under it, a newcomer takes the fullest one's oldest idle slot.
    assert.equal(await status(gate.port, '/sign-in', '127.0.0.2'), 503);
    assert.equal(await status(gate.port, '/sign-in', '127.0.0.4'), 200);
    assert.equal(await status(gate.port, '/sign-in', '127.0.0.4'), 200);
  });

  test('a health check is answered while its address is over its request budget', async () => {
    const from = '127.0.0.5';
    const statuses = [];
    for (let request = 0; request < 4; request += 1) statuses.push(await status(gate.port, '/sign-in', from));
    assert.ok(statuses.includes(503), `the address was never told to wait: ${statuses.join(', ')}`);
    assert.equal(await status(gate.port, '/healthz', from), 200);
    assert.equal(await status(gate.port, '/sign-in', from), 503);
  });
});

/*
 * The two defaults no server property shows: how often Node looks for connections past their
 * deadlines, and the connection slots the gate keeps. Each is held by what it does to a client.
 */
describe('defaults seen by a client', () => {
  const deadline = 1_000;
  const checked = gateFor({ headersTimeoutMs: deadline });

  test('with the default check interval, a second request dribbling its headers is dropped within a second or two of the deadline', async () => {
    const keptAlive = await open(checked.port);
    checked.sockets.push(keptAlive);
    keptAlive.on('error', () => {});
    const answered = new Promise((resolve) => keptAlive.once('data', resolve));
    keptAlive.write('GET /sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await answered;
    // The gate's own first-request deadline is over; only Node's check, at the gate's interval, remains.
    keptAlive.write('GET /sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const dribble = setInterval(() => keptAlive.writable && keptAlive.write('a'), 100);
    try {
      const lifetime = await closedWithin(keptAlive, 40_000);
      // Node's own check runs every 30 s: the deadline would slip by up to that. The gate's slips by at
      // most its interval (1 s), and a busy machine's second on top.
      assert.ok(lifetime >= deadline - 50, `dropped after ${lifetime} ms, before the ${deadline} ms deadline`);
      assert.ok(lifetime < deadline + 2_000, `held ${lifetime} ms: the header deadline slipped by more than 2 s`);
    } finally {
      clearInterval(dribble);
    }
  });

  const capped = gateFor({});

  test('a gate started without limits refuses an address past its share of slots, and serves another', async () => {
    await holdsConnections(capped.server, 0);
    const share = DEFAULT_LIMITS.maxConnectionsPerAddress;
    const held = await Promise.all(
      Array.from({ length: share }, () => open(capped.port, { localAddress: '127.0.0.7', halfOpen: true })),
    );
    capped.sockets.push(...held);
    held.forEach((socket) => socket.on('error', () => {}));
    await holdsConnections(capped.server, share);
    assert.equal(await status(capped.port, '/sign-in', '127.0.0.7'), 503);
    assert.equal(await status(capped.port, '/sign-in', '127.0.0.8'), 200);
  });
});
