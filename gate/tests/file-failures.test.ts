/**
 * When sending a file fails, the gate answers with the status `send` chose (412, 416, 404, 500),
 * never a catch-all "Not found.", and reports every fault (5xx) with its cause.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startGateFixture } from '../../testkit/gate-fixture';
import type { GateFixture } from '../../testkit/gate-fixture';
import { listenOnLoopback, rawRequest } from '../../testkit/loopback';
import { protectedText } from '../../testkit/fixture-build';
import { createGateServer } from '../server';
import { failureStatus, sendFile } from '../send-file';

describe('the gate server when sending a file fails', () => {
  let gate: GateFixture;
  const faults: string[] = [];
  const logged: string[] = [];
  const page = (cookie: string, more: http.OutgoingHttpHeaders = {}) => ({
    headers: { cookie, accept: 'text/html', 'sec-fetch-dest': 'document', ...more },
  });

  before(async () => {
    gate = await startGateFixture({
      log: (line) => logged.push(line),
      reportFault: (message) => faults.push(message),
      beforeServing: ({ buildDir }) => {
        // File names `send` would decode: each must be served as itself.
        writeFileSync(path.join(buildDir, '100%.txt'), 'one hundred per cent');
        writeFileSync(path.join(buildDir, 'a%20b.txt'), 'the file with a percent sign');
        writeFileSync(path.join(buildDir, 'a b.txt'), 'the file with a space');
        writeFileSync(path.join(buildDir, 'docs', 'looping.html'), '<p>soon a symlink loop</p>');
        writeFileSync(path.join(buildDir, 'docs', 'removed.html'), '<p>soon gone</p>');
      },
    });
  });
  after(() => gate.stop());

  test('a failed If-Match or If-Unmodified-Since is 412, with no header of the file', async () => {
    const served = await gate.call('/docs/guide', page(gate.cookie));
    assert.equal(served.status, 200);
    const etag = String(served.headers.etag);
    assert.equal((await gate.call('/docs/guide', page(gate.cookie, { 'if-match': etag }))).status, 200);
    logged.length = 0;
    for (const precondition of [
      { 'if-match': '"not-this-version"' },
      { 'if-unmodified-since': new Date(0).toUTCString() },
    ]) {
      const refused = await gate.call('/docs/guide', page(gate.cookie, precondition));
      assert.equal(refused.status, 412, JSON.stringify(precondition));
      assert.equal(refused.text, 'Precondition failed: the file is not the version your request names.\n');
      assert.equal(refused.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(refused.headers['cache-control'], 'no-store');
      for (const header of ['etag', 'last-modified', 'content-encoding', 'accept-ranges']) {
        assert.equal(refused.headers[header], undefined, header);
      }
      assert.ok(!refused.text.includes(protectedText));
    }
    // The access log says what the reader got, not what the gate meant to send.
    assert.deepEqual(
      logged.map((line) => (JSON.parse(line) as { status: number }).status),
      [412, 412],
    );
    assert.deepEqual(faults, [], 'a failed precondition is not a fault');
  });

  test('a range past the end of a file sent as is is 416, naming the file’s length', async () => {
    const beyond = await gate.call('/img/logo.svg', { headers: { range: 'bytes=500-' } });
    assert.equal(beyond.status, 416);
    assert.equal(beyond.text, 'Range not satisfiable.\n');
    assert.equal(beyond.headers['content-range'], 'bytes */41');
  });

  test('file names with a percent sign are served as themselves', async () => {
    const { cookie } = gate;
    assert.equal((await gate.call('/100%25.txt', { headers: { cookie } })).text, 'one hundred per cent');
    assert.equal((await gate.call('/a%2520b.txt', { headers: { cookie } })).text, 'the file with a percent sign');
    assert.equal((await gate.call('/a%20b.txt', { headers: { cookie } })).text, 'the file with a space');
  });

  test('a file that cannot be read is a 500 reported with its cause; a file gone since start-up is a 404', async () => {
    faults.length = 0;
    const looping = path.join(gate.build.buildDir, 'docs', 'looping.html');
    rmSync(looping);
    symlinkSync(looping, looping);
    const unreadable = await gate.call('/docs/looping', page(gate.cookie));
    assert.equal(unreadable.status, 500);
    assert.equal(unreadable.text, 'The gate could not read this file; nothing was served.\n');
    assert.equal(faults.length, 1, faults.join('\n'));
    assert.match(faults[0], /^500 for docs\/looping\.html: ELOOP: too many (levels of )?symbolic links/);

    rmSync(path.join(gate.build.buildDir, 'docs', 'removed.html'));
    const removed = await gate.call('/docs/removed', page(gate.cookie));
    assert.equal(removed.status, 404);
    assert.equal(removed.text, 'Not found.\n');
    assert.equal(faults.length, 1, 'a missing file is not a fault');
  });

  test('a failure of the gate itself is a 500 reported with its cause, and serves nothing', async () => {
    const reported: string[] = [];
    const failing = createGateServer({
      buildDir: gate.build.buildDir,
      sessions: {
        readSession: () => Promise.reject(new Error('the key cache is corrupt')),
        loadKeys: async () => true,
      },
      log: () => {},
      reportFault: (message) => reported.push(message),
    });
    const port = await listenOnLoopback(failing);
    try {
      const answer = await rawRequest(port, '/docs/guide?tab=2', { headers: { cookie: gate.cookie } });
      assert.equal(answer.status, 500);
      assert.equal(answer.body.toString(), 'The gate failed; nothing was served.\n');
      assert.equal(reported.length, 1);
      assert.match(reported[0], /^500 for \/docs\/guide: Error: the key cache is corrupt\n/);
    } finally {
      await new Promise((resolve) => failing.close(resolve));
    }
  });
});

describe('sending a file', () => {
  test('passes send’s own refusal through: a dot file is 403, not a catch-all 404', async () => {
    // The gate's decision refuses every path with a dot segment before `send` is asked (decide.ts),
    // so this status is reached here, on a plain server, and never through the gate.
    const root = mkdtempSync(path.join(tmpdir(), 'handbook-send-'));
    writeFileSync(path.join(root, '.hidden'), 'hidden');
    const reported: string[] = [];
    const server = http.createServer((request, response) =>
      sendFile(request, response, { root, path: '/.hidden' }, (message) => reported.push(message)),
    );
    const port = await listenOnLoopback(server);
    try {
      const answer = await rawRequest(port, '/');
      assert.equal(answer.status, 403);
      assert.equal(answer.body.toString(), 'Forbidden.\n');
      assert.deepEqual(reported, []);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a failure without an HTTP error status is a 500', () => {
    assert.equal(failureStatus({ status: 412 }), 412);
    for (const status of [undefined, 200, 304, 600, 412.5])
      assert.equal(failureStatus({ status }), 500, String(status));
  });
});
