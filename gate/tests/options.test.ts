import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { assertServableOn } from '../local-mode';
import { serveOptionsFrom, ServeOptionError } from '../options';

test('the port comes from --port, then PORT, then 3000; the host is loopback unless asked', () => {
  assert.deepEqual(serveOptionsFrom([], {}), {
    port: 3000,
    host: '127.0.0.1',
    buildDir: path.resolve('build'),
    withoutIdentity: false,
    trustProxy: false,
    previews: [],
  });
  assert.deepEqual(serveOptionsFrom(['--preview', '42=build-preview', '--preview', '7=pr7'], {}).previews, [
    { pullRequest: 42, buildDir: path.resolve('build-preview') },
    { pullRequest: 7, buildDir: path.resolve('pr7') },
  ]);
  for (const value of ['build-preview', '042=x', 'x=build', '42=']) {
    assert.throws(
      () => serveOptionsFrom(['--preview', value], {}),
      /--preview is ".*": it must be <pull request number>=/,
      value,
    );
  }
  assert.equal(serveOptionsFrom(['--trust-proxy'], {}).trustProxy, true);
  assert.equal(serveOptionsFrom(['--requests-per-second', '2000'], {}).requestsPerSecond, 2000);
  assert.throws(() => serveOptionsFrom(['--requests-per-second', '0'], {}), /--requests-per-second is "0"/);
  assert.equal(serveOptionsFrom(['--without-identity'], {}).withoutIdentity, true);
  assert.equal(serveOptionsFrom([], { PORT: '4000' }).port, 4000);
  assert.equal(serveOptionsFrom(['--port', '5000'], { PORT: '4000' }).port, 5000);
  assert.equal(serveOptionsFrom(['--dir', 'out'], {}).buildDir, path.resolve('out'));
  for (const port of ['abc', '0', '70000', '-1', '3000x']) {
    assert.throws(() => serveOptionsFrom(['--port', port], {}), ServeOptionError, port);
  }
  assert.throws(() => serveOptionsFrom([], { PORT: 'eighty' }), /--port \(or PORT\) is "eighty"/);
});

test('a local-mode build is served on loopback only; a real-pool build anywhere asked', () => {
  for (const host of ['127.0.0.1', '::1', 'localhost']) {
    assert.doesNotThrow(() => assertServableOn({ mode: 'local' }, host));
  }
  for (const host of ['0.0.0.0', '::', '192.168.1.20', 'handbook.example.com']) {
    assert.throws(() => assertServableOn({ mode: 'local' }, host), /only be served on loopback/);
  }
  assert.doesNotThrow(() => assertServableOn({ mode: 'cognito' }, '0.0.0.0'));
});
