/**
 * Where the gate gets the pool's keys: preloaded (the edge ships them) and downloaded on an unknown
 * key id, or downloaded at start-up; always within a deadline, with a failure remembered so a dead
 * key host never holds readers up.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { poolSessionCookie, testPoolKey } from '../../testkit/tokens';
import { localPoolAuth } from '../../testkit/local-identity';
import type { GateAuth } from '../manifest';
import { JWKS_DEADLINE_MS } from '../jwks-fetchers';
import { createSessionChecker } from '../session';
import { listenOnLoopback } from '../../testkit/loopback';

const poolKey = testPoolKey();
const { jwks } = poolKey;

function cookieFor(auth: GateAuth, kid = poolKey.kid, privateKey = poolKey.privateKey): string {
  return poolSessionCookie(auth, { kid, privateKey });
}

async function listen(server: Server): Promise<string> {
  return `http://127.0.0.1:${await listenOnLoopback(server)}`;
}

describe('a preloaded JWKS', () => {
  const rotatedKey = testPoolKey('rotated');
  let keyHost: http.Server;
  let origin: string;
  let downloads = 0;

  before(async () => {
    // The pool after a rotation: it publishes only the new key.
    keyHost = http.createServer((_request, response) => {
      downloads += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rotatedKey.jwks));
    });
    origin = await listen(keyHost);
  });
  after(() => new Promise<void>((resolve) => keyHost.close(() => resolve())));

  test('is trusted without a download; a rotated key costs one download and keeps the shipped keys', async () => {
    const auth = localPoolAuth(origin);
    const changes: unknown[] = [];
    const checker = createSessionChecker(auth, { jwks, onKeysChanged: (change) => changes.push(change) });
    assert.equal(await checker.loadKeys(), true);
    assert.equal((await checker.readSession(cookieFor(auth)))?.userId, 'reader-sub');
    assert.equal(downloads, 0);

    const rotated = cookieFor(auth, rotatedKey.kid, rotatedKey.privateKey);
    assert.equal((await checker.readSession(rotated))?.userId, 'reader-sub');
    assert.equal((await checker.readSession(rotated))?.userId, 'reader-sub');
    assert.equal(downloads, 1);
    assert.deepEqual(changes, [{ shipped: ['pool'], live: ['rotated'] }]);
    // Sessions signed before the rotation read on until their tokens expire.
    assert.equal((await checker.readSession(cookieFor(auth)))?.userId, 'reader-sub');

    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    assert.equal(await checker.readSession(cookieFor(auth, 'pool', otherKey)), null);
    assert.deepEqual((await checker.checkSession(cookieFor(auth, 'pool', otherKey))).refusal, {
      check: 'signature',
      token: 'access',
    });
    assert.equal(await checker.readSession(cookieFor(auth, 'rotated', otherKey)), null);
    assert.equal(await checker.readSession(cookieFor(auth, 'unknown', otherKey)), null);
    assert.equal(downloads, 2, 'an unknown key id downloads again, at most once in the penalty period');
    assert.equal(await checker.readSession(cookieFor(auth, 'another', otherKey)), null);
    assert.equal(downloads, 2);
    assert.equal(changes.length, 1, 'the change is reported once');
  });
});

describe('a key host that swallows connections', () => {
  let swallower: Server;
  let origin: string;
  const held: Socket[] = [];

  before(async () => {
    // Accepts every connection and never answers, like a firewall that drops the replies.
    swallower = createServer((socket) => void held.push(socket));
    origin = await listen(swallower);
  });
  after(
    () =>
      new Promise<void>((resolve) => {
        held.forEach((socket) => socket.destroy());
        swallower.close(() => resolve());
      }),
  );

  test('fails closed within a second, and the next requests do not wait at all', async () => {
    const auth = localPoolAuth(origin);
    const checker = createSessionChecker(auth);
    let started = performance.now();
    assert.equal(await checker.loadKeys(), false);
    const startUp = performance.now() - started;
    assert.ok(startUp >= JWKS_DEADLINE_MS - 50 && startUp < 1000, `start-up fetch gave up after ${startUp} ms`);

    started = performance.now();
    assert.equal(await checker.readSession(cookieFor(auth)), null);
    const remembered = performance.now() - started;
    assert.ok(remembered < 200, `a request after the failure waited ${remembered} ms`);
    assert.deepEqual((await checker.checkSession(cookieFor(auth))).refusal, {
      check: 'keys unavailable',
      token: 'access',
    });
  });

  test('a first request with no keys yet is refused within a second', async () => {
    const auth = localPoolAuth(origin);
    const checker = createSessionChecker(auth);
    const started = performance.now();
    assert.equal(await checker.readSession(cookieFor(auth)), null);
    const waited = performance.now() - started;
    assert.ok(waited < 1000, `the request waited ${waited} ms`);
    assert.deepEqual((await checker.checkSession(cookieFor(auth))).refusal, {
      check: 'keys unavailable',
      token: 'access',
    });
  });
});
