/** `npm run serve` as a process: SIGTERM lets the answer under way finish, takes nothing new, exits 0. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { localPoolAuth } from '../../testkit/local-identity';
import { freePort } from '../../identity/launch';
import { fixtureManifest, writeFixtureBuild } from '../../testkit/fixture-build';
import { until } from '../../testkit/until';

/** Resolves once nothing listens on `port`: a bare connection is refused (one that gets through is closed unused). */
async function stopsListening(port: number, withinMs = 10_000): Promise<void> {
  const refused = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
  await until(refused, { withinMs, failure: () => `still listening on ${port} after ${withinMs} ms` });
}

test('SIGTERM: the download under way completes, new connections are refused, the exit code is 0', async () => {
  // Nothing answers on port 1: the server starts without the pool's keys, which this test does not need.
  const fixture = writeFixtureBuild(fixtureManifest(localPoolAuth('http://127.0.0.1:1')));
  const big = 'x'.repeat(16 * 1024 * 1024);
  writeFileSync(path.join(fixture.buildDir, 'img', 'logo.svg'), big);
  const port = await freePort();
  const serve = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, '..', 'cli.ts'),
      '--dir',
      fixture.buildDir,
      '--port',
      String(port),
      '--without-identity',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    let output = '';
    await new Promise<void>((resolve, reject) => {
      serve.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`:${port}/`)) resolve();
      });
      serve.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => serve.once('exit', (code) => resolve(code)));

    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: '/img/logo.svg', agent: false }, resolve).on('error', reject),
    );
    assert.equal(response.statusCode, 200);
    response.pause();
    serve.kill('SIGTERM');
    await stopsListening(port);
    await assert.rejects(
      new Promise((resolve, reject) =>
        http.get({ host: '127.0.0.1', port, path: '/sign-in' }, resolve).on('error', reject),
      ),
      /ECONNREFUSED/,
    );
    let received = 0;
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    await new Promise((resolve) => response.on('end', resolve).resume());
    assert.equal(received, big.length);
    assert.equal(await exited, 0);
  } finally {
    serve.kill('SIGKILL');
    fixture.remove();
  }
});
