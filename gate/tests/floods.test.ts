/**
 * Hostile clients of the gate server (security review 2, findings 1 and 4), each against a gate in
 * its own process under a memory limit (`flood-target.ts`), on loopback only, with a fixed number
 * of requests and a fixed time, while a reader asks for pages: what the reader gets meanwhile is
 * the measure (at least 90 % answered, each within 5 s, on a loaded machine; before the fixes, none
 * was). The attacker connects from 127.0.0.2, the readers from 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fixtureManifest, writeFixtureBuild } from '../../testkit/fixture-build';

/** A public file the size of the sign-in page's largest bundle (363 KB in the review). */
const BIG_PUBLIC_FILE = 'sign-in-assets/chunk.D5NQC2G7.js';
const ATTACKER = '127.0.0.2';
/** The gate's memory limit: its heap, and its resident size, past which it exits as if OOM-killed. */
const HEAP_LIMIT_MB = 192;
const RSS_LIMIT_MB = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface FloodTarget {
  port: number;
  /** The gate's resident size now, in bytes; rejects once it has exited. */
  rss(): Promise<number>;
  exitCode(): number | null;
  stop(): void;
}

async function startTarget(buildDir: string, flags: string[] = []): Promise<FloodTarget> {
  const child: ChildProcess = fork(
    path.join(__dirname, 'flood-target.ts'),
    [buildDir, String(RSS_LIMIT_MB), ...flags],
    {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${HEAP_LIMIT_MB}`],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the gate exited (${code}) before listening`)));
  });
  return {
    port,
    rss: () =>
      new Promise((resolve, reject) => {
        if (child.exitCode !== null || !child.connected) {
          reject(new Error(`the gate is gone (exit ${child.exitCode})`));
          return;
        }
        child.once('message', (message) => resolve((message as { rss: number }).rss));
        child.send('rss');
      }),
    exitCode: () => child.exitCode,
    stop: () => child.kill(),
  };
}

function open(port: number, localAddress?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** One request on a fresh connection: its status, or 0 when the connection failed or took over 5 s. */
function fetchStatus(port: number, target: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: target, agent: false, headers, timeout: 5_000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/** A reader asking for the sign-in page every `everyMs` until `until` resolves: how many answers were 200. */
async function readerDuring(
  port: number,
  until: Promise<unknown>,
  headers: Record<string, string> = {},
  everyMs = 50,
): Promise<{ ok: number; asked: number }> {
  let over = false;
  void until.then(() => (over = true));
  const counts = { ok: 0, asked: 0 };
  while (!over) {
    const started = performance.now();
    counts.asked += 1;
    if ((await fetchStatus(port, '/sign-in', headers)) === 200) counts.ok += 1;
    await sleep(Math.max(0, everyMs - (performance.now() - started)));
  }
  return counts;
}

describe('hostile clients', () => {
  const manifest = fixtureManifest();
  manifest.publicFiles.push(BIG_PUBLIC_FILE);
  const fixture = writeFixtureBuild(manifest);
  mkdirSync(path.dirname(path.join(fixture.buildDir, BIG_PUBLIC_FILE)), { recursive: true });
  writeFileSync(path.join(fixture.buildDir, BIG_PUBLIC_FILE), `// ${'x'.repeat(363 * 1024)}\n`);
  const targets: FloodTarget[] = [];
  const sockets: Socket[] = [];

  before(() => {
    process.on('exit', () => targets.forEach((target) => target.stop()));
  });
  after(() => {
    sockets.forEach((socket) => socket.destroy());
    targets.forEach((target) => target.stop());
    fixture.remove();
  });

  test('15 connections pipelining 1,000 requests each, never reading, leave the memory flat', async (t) => {
    const target = await startTarget(fixture.buildDir);
    targets.push(target);
    const host = `127.0.0.1:${target.port}`;
    for (let warm = 0; warm < 5; warm += 1) assert.equal(await fetchStatus(target.port, `/${BIG_PUBLIC_FILE}`), 200);
    const before = await target.rss();
    const requests = `GET /${BIG_PUBLIC_FILE} HTTP/1.1\r\nHost: ${host}\r\n\r\n`.repeat(1_000);
    for (let connection = 0; connection < 15; connection += 1) {
      const socket = await open(target.port, ATTACKER);
      sockets.push(socket);
      socket.on('error', () => {});
      socket.pause(); // never reads an answer
      socket.write(requests);
    }
    const attackOver = sleep(3_000);
    const reader = readerDuring(target.port, attackOver);
    let peak = before;
    while (target.exitCode() === null && (await Promise.race([attackOver.then(() => true), sleep(200)])) !== true) {
      peak = Math.max(peak, await target.rss().catch(() => peak));
    }
    const { ok, asked } = await reader;
    t.diagnostic(
      `gate RSS ${megabytes(before)} MB before, peak ${megabytes(peak)} MB during 15 x 1,000 pipelined requests ` +
        `(limit ${RSS_LIMIT_MB} MB); reader meanwhile: ${ok}/${asked} answered`,
    );
    assert.equal(target.exitCode(), null, 'the gate ran out of memory');
    assert.ok(peak - before < 64 * 1024 * 1024, `the gate grew by ${megabytes(peak - before)} MB`);
    assert.ok(ok >= asked * 0.9, `the reader got ${ok} answers of ${asked}`);
  });

  test('one address holding and reopening 600 connections leaves other readers served', async (t) => {
    const target = await startTarget(fixture.buildDir);
    targets.push(target);
    const host = `127.0.0.1:${target.port}`;
    let opened = 0;
    let refusedWith503 = 0;
    let stopped = false;
    // Half the attacker's connections stay silent (held until the header deadline), half send a
    // keep-alive request every second; each that closes is reopened 2 s later (about 270 a second
    // once refused, over four times the review's 60).
    const hold = async (index: number): Promise<void> => {
      while (!stopped && opened < 3_000) {
        opened += 1;
        const socket = await open(target.port, ATTACKER).catch(() => null);
        if (!socket) {
          await sleep(20);
          continue;
        }
        sockets.push(socket);
        socket.on('error', () => {});
        socket.on('data', (data) => {
          if (data.toString('latin1').startsWith('HTTP/1.1 503')) refusedWith503 += 1;
        });
        const ping =
          index % 2 === 0
            ? setInterval(
                () => socket.writable && socket.write(`HEAD /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
                1_000,
              )
            : undefined;
        await new Promise((resolve) => socket.once('close', resolve));
        clearInterval(ping);
        await sleep(2_000);
      }
    };
    const attack = Promise.all(Array.from({ length: 600 }, (_, index) => hold(index)));
    await sleep(500);
    const attackOver = sleep(4_000);
    const { ok, asked } = await readerDuring(target.port, attackOver);
    stopped = true;
    sockets.forEach((socket) => socket.destroy());
    await attack;
    t.diagnostic(
      `attacker opened ${opened} connections (${refusedWith503} answered 503); reader meanwhile: ${ok}/${asked} answered`,
    );
    assert.ok(ok >= asked * 0.9, `the reader got ${ok} answers of ${asked}`);
    assert.ok(refusedWith503 > 0, 'the connections over the address’s share were not answered 503');
  });

  test('behind --trust-proxy, one forwarded address flooding requests gets 503 and Retry-After; others are served', async (t) => {
    const target = await startTarget(fixture.buildDir, ['--trust-proxy']);
    targets.push(target);
    const statuses = new Map<number, number>();
    let retryAfter: string | undefined;
    const attacker = { 'X-Forwarded-For': '198.51.100.1, 203.0.113.66' };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const flood = async () => {
      for (let sent = 0; sent < 125; sent += 1) {
        await new Promise<void>((resolve) => {
          http
            .get({ host: '127.0.0.1', port: target.port, path: '/sign-in', agent, headers: attacker }, (response) => {
              statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
              if (response.statusCode === 503) retryAfter = response.headers['retry-after'];
              response.resume();
              response.on('end', resolve);
            })
            .on('error', () => resolve());
        });
      }
    };
    const attack = Promise.all(Array.from({ length: 16 }, flood));
    const reader = await readerDuring(target.port, attack, { 'X-Forwarded-For': '203.0.113.7' }, 20);
    agent.destroy();
    t.diagnostic(
      `attacker's 2,000 requests: ${JSON.stringify(Object.fromEntries(statuses))}; reader: ${reader.ok}/${reader.asked}`,
    );
    assert.ok((statuses.get(503) ?? 0) > 0, 'the flooding address was never told to wait');
    assert.match(retryAfter ?? '', /^\d+$/);
    assert.ok(reader.ok >= reader.asked * 0.9, `the reader got ${reader.ok} answers of ${reader.asked}`);
  });
});
