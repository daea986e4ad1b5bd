import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { assertServableOn } from '../local-mode';
import { serveOptionsFrom, ServeOptionError } from '../options';

test('the port comes from --port, then PORT, then 3000; the host is loopback unless asked', () => {
  const { trustedProxies, ...defaults } = serveOptionsFrom([], {});
  assert.deepEqual(defaults, {
    port: 3000,
    host: '127.0.0.1',
    buildDir: path.resolve('build'),
    withoutIdentity: false,
    previews: [],
    previewOrigin: { port: 3001, host: 'localhost' },
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
  // Previews on an origin of their own: another port, and another host name, since cookies are
  // kept by host name whatever the port.
  assert.deepEqual(serveOptionsFrom(['--port', '4000', '--host', 'localhost'], {}).previewOrigin, {
    port: 4001,
    host: '127.0.0.1',
  });
  assert.deepEqual(serveOptionsFrom(['--preview-port', '4444', '--preview-host', 'previews.test'], {}).previewOrigin, {
    port: 4444,
    host: 'previews.test',
  });
  assert.throws(() => serveOptionsFrom(['--port', '4000', '--preview-port', '4000'], {}), /--preview-port is "4000"/);
  assert.throws(
    () => serveOptionsFrom(['--host', '0.0.0.0', '--preview', '42=build-preview'], {}),
    /--preview-host is needed: previews are served under a host name other than production's \(0\.0\.0\.0\)/,
  );
  assert.throws(
    () => serveOptionsFrom(['--preview', '42=build-preview', '--preview-host', '127.0.0.1'], {}),
    /--preview-host is needed/,
  );
  assert.deepEqual(trustedProxies.ranges, []);
  assert.equal(serveOptionsFrom(['--requests-per-second', '2000'], {}).requestsPerSecond, 2000);
  assert.throws(() => serveOptionsFrom(['--requests-per-second', '0'], {}), /--requests-per-second is "0"/);
  assert.equal(serveOptionsFrom(['--connections-per-address', '256'], {}).connectionsPerAddress, 256);
  assert.throws(
    () => serveOptionsFrom(['--connections-per-address', 'many'], {}),
    /--connections-per-address is "many"/,
  );
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

test('--trust-proxy names the proxies whose forwarded headers are believed; no other peer is trusted', () => {
  const { trustedProxies } = serveOptionsFrom(
    ['--trust-proxy', '10.0.1.5,10.0.2.0/24', '--trust-proxy', 'fd00::/8'],
    {},
  );
  assert.deepEqual(trustedProxies.ranges, ['10.0.1.5', '10.0.2.0/24', 'fd00::/8']);
  for (const peer of ['10.0.1.5', '::ffff:10.0.1.5', '10.0.2.77', 'fd00::1'])
    assert.ok(trustedProxies.trusts(peer), peer);
  for (const peer of ['10.0.1.6', '10.0.3.1', '127.0.0.1', '2001:db8::1', undefined]) {
    assert.equal(trustedProxies.trusts(peer), false, String(peer));
  }
  // Bare, it used to trust every peer that could reach the port (security review 3, finding 8).
  assert.throws(() => serveOptionsFrom(['--trust-proxy'], {}), ServeOptionError);
  for (const range of ['proxy.internal', '10.0.0.0/33', '10.0.0.0/8/1', '10.0.0.0/x', '']) {
    assert.throws(
      () => serveOptionsFrom(['--trust-proxy', range], {}),
      /--trust-proxy ".*" is not an address or a CIDR range/,
    );
  }
});
