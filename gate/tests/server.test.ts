import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { localIdentity } from '../../core/local-pool';
import { claimsOf } from '../../testkit/local-identity';
import { trustedProxies } from '../client-address';
import { createGateServer } from '../server';
import { protectedText } from '../../testkit/fixture-build';
import { startGateFixture } from '../../testkit/gate-fixture';
import type { GateFixture } from '../../testkit/gate-fixture';
import { listenOnLoopback, rawRequest } from '../../testkit/loopback';
import type { RawRequest } from '../../testkit/loopback';

/** The handbook's search index files (src/search/index-files.ts) in the fixture build: its pages, a shard, a page's entries. */
const SEARCH_INDEX_FILES = [
  '/search-index-_pages-0a1b2c3d.json',
  '/search-index-_t-cl-0a1b2c3d.json',
  '/search-index-_p-0-0a1b2c3d.json',
];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('the gate server', () => {
  let gate: GateFixture;
  let port: number;
  let cookie: string;
  let tokens: GateFixture['tokens'];
  let fixture: GateFixture['build'];
  const logged: string[] = [];

  /** A raw request (`rawRequest`), its body as text. */
  async function call(rawPath: string, options: RawRequest & { port?: number } = {}): Promise<Answer> {
    const answer = await rawRequest(options.port ?? port, rawPath, options);
    return { ...answer, body: answer.body.toString('utf8') };
  }

  before(async () => {
    gate = await startGateFixture({ log: (line) => logged.push(line) });
    ({ port, cookie, tokens, build: fixture } = gate);
  });
  after(() => gate.stop());

  test('signed out: the shell is served, a page load is sent to sign in, anything else is 401', async () => {
    const shell = await call('/sign-in');
    assert.equal(shell.status, 200);
    assert.match(shell.body, /<title>Sign in<\/title>/);
    const page = await call('/docs/guide?tab=2', { headers: { accept: 'text/html', 'sec-fetch-dest': 'document' } });
    assert.equal(page.status, 302);
    assert.equal(page.headers.location, '/sign-in?returnTo=%2Fdocs%2Fguide%3Ftab%3D2');
    assert.equal(page.body, '');
    for (const file of [
      '/docs/guide',
      '/search-index.json',
      '/sitemap.xml',
      '/assets/js/0f1e2d3c.89abcdef.js',
      ...SEARCH_INDEX_FILES,
    ]) {
      const answer = await call(file);
      assert.equal(answer.status, 401, file);
      assert.doesNotMatch(answer.body, /claims service/, file);
    }
  });

  test('signed in with a session from the local service: every file, and the not-found page', async () => {
    const page = await call('/docs/guide', { headers: { cookie } });
    assert.equal(page.status, 200);
    assert.ok(page.body.includes(protectedText));
    assert.equal(page.headers['cache-control'], 'no-store');
    const chunk = await call('/assets/js/0f1e2d3c.89abcdef.js', { headers: { cookie } });
    assert.equal(chunk.headers['cache-control'], 'no-store');
    const index = await call('/search-index.json', { headers: { cookie } });
    assert.equal(index.headers['cache-control'], 'no-store');
    // A hashed index (a new name for new content) is kept for the session, by this browser alone.
    for (const hashed of ['/search-index-0a1b2c3d.json', '/search-index-arc-0a1b2c3d.json', ...SEARCH_INDEX_FILES]) {
      const answer = await call(hashed, { headers: { cookie } });
      assert.equal(answer.status, 200, hashed);
      assert.equal(answer.headers['cache-control'], 'private, max-age=43200, immutable', hashed);
    }
    const missing = await call('/no/such/page', { headers: { cookie, accept: 'text/html' } });
    assert.equal(missing.status, 404);
    assert.match(missing.body, /Page Not Found/);
    const head = await call('/docs/guide', { method: 'HEAD', headers: { cookie } });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
  });

  test('headers: caching by kind, and the security headers on every answer', async () => {
    const immutable = await call('/assets/js/main.0123abcd.js');
    assert.equal(immutable.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await call('/img/logo.svg')).headers['cache-control'], 'public, no-cache');
    assert.equal((await call('/search-index.json')).headers['cache-control'], 'no-store');
    const refusedIndex = await call('/search-index-0a1b2c3d.json');
    assert.equal(refusedIndex.status, 401);
    assert.equal(refusedIndex.headers['cache-control'], 'no-store');
    for (const answer of [
      immutable,
      await call('/docs/guide'),
      await call('/x', { method: 'POST' }),
      await call('/docs/guide', { headers: { cookie } }),
      await call('/healthz'),
      await call('/sign-in', { headers: { host: 'evil.example' } }),
    ]) {
      assert.equal(answer.headers['cross-origin-resource-policy'], 'same-origin');
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['x-frame-options'], 'DENY');
      assert.equal(answer.headers['referrer-policy'], 'same-origin');
      assert.match(String(answer.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.match(String(answer.headers['content-security-policy']), /script-src 'self'(;| )/);
      assert.equal(answer.headers['strict-transport-security'], undefined);
    }
    // X-Forwarded-Proto is anyone's to send: believed only from a trusted proxy (--trust-proxy).
    const claimed = await call('/sign-in', { headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(claimed.headers['strict-transport-security'], undefined);
    const proxied = createGateServer({
      buildDir: fixture.buildDir,
      trustedProxies: trustedProxies(['127.0.0.0/24']),
      log: () => {},
    });
    const elsewhere = createGateServer({
      buildDir: fixture.buildDir,
      trustedProxies: trustedProxies(['10.0.1.5']),
      log: () => {},
    });
    const proxiedPort = await listenOnLoopback(proxied);
    const elsewherePort = await listenOnLoopback(elsewhere);
    const overHttps = await call('/sign-in', { port: proxiedPort, headers: { 'x-forwarded-proto': 'https' } });
    assert.match(String(overHttps.headers['strict-transport-security']), /max-age=31536000/);
    const appended = await call('/sign-in', { port: proxiedPort, headers: { 'x-forwarded-proto': 'https, http' } });
    assert.equal(appended.headers['strict-transport-security'], undefined);
    const notTheProxy = await call('/sign-in', { port: elsewherePort, headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(notTheProxy.headers['strict-transport-security'], undefined);
    await new Promise((resolve) => proxied.close(resolve));
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  test('no path, however spelled, reads a file outside the build', async () => {
    // [path, status signed out, status signed in]: a bad spelling (`..`, a dot file, an empty or
    // encoded-slash segment, NUL, a target not starting with `/`) is a 400 to both; a well-formed
    // path that names no file of the build is refused like any protected file (401), then missing (404).
    for (const [rawPath, signedOut, signedIn] of [
      ['/../secret.txt', 400, 400],
      ['/../../../../../../etc/passwd', 400, 400],
      ['/%2e%2e/secret.txt', 400, 400],
      ['/%2E%2E/secret.txt', 400, 400],
      ['/..%2fsecret.txt', 400, 400],
      ['/%2e%2e%2fsecret.txt', 400, 400],
      ['/..%5csecret.txt', 400, 400],
      ['/..\\secret.txt', 400, 400],
      ['//secret.txt', 400, 400],
      [`/${path.join(fixture.buildDir, '..', 'secret.txt')}`, 400, 400],
      ['/etc/passwd', 401, 404],
      ['/%00../secret.txt', 400, 400],
      ['/.gate/manifest.json', 400, 400],
      ['http://127.0.0.1/../secret.txt', 400, 400],
      ['*', 400, 400],
    ] as const) {
      for (const [headers, status] of [
        [{}, signedOut],
        [{ cookie }, signedIn],
      ] as const) {
        const answer = await call(rawPath, { headers });
        assert.equal(answer.status, status, `${rawPath} ${'cookie' in headers ? 'signed in' : 'signed out'}`);
        assert.ok(!answer.body.includes(fixture.secret), rawPath);
        assert.ok(!answer.body.includes('"publicFiles"'), rawPath);
      }
    }
  });

  test('refuses every method but GET and HEAD, naming the allowed ones', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const answer = await call('/sign-in', { method, headers: { cookie } });
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.allow, 'GET, HEAD');
    }
  });

  test('a local-mode build answers only requests addressed to loopback', async () => {
    for (const host of [
      'handbook.example.com',
      'evil.example:3000',
      '192.168.1.20',
      '127.0.0.1.evil.example',
      'localhost.evil.example:3000',
      'localhost:3000@evil.example',
      '[::1]evil.example',
      'localhost:port',
      '127.0.0.1:3000:80',
    ]) {
      const answer = await call('/sign-in', { headers: { host } });
      assert.equal(answer.status, 421, JSON.stringify(host));
    }
    for (const host of ['127.0.0.1', `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      assert.equal((await call('/sign-in', { headers: { host } })).status, 200, host);
    }
  });

  test('another site using the reader’s cookies gets no protected byte', async () => {
    for (const site of ['same-site', 'cross-site']) {
      for (const file of ['/assets/js/0f1e2d3c.89abcdef.js', '/search-index.json', '/docs/guide']) {
        const answer = await call(file, { headers: { cookie, 'sec-fetch-site': site, 'sec-fetch-dest': 'script' } });
        assert.equal(answer.status, 403, `${site} ${file}`);
        assert.ok(!answer.body.includes(protectedText), `${site} ${file}`);
      }
      const link = await call('/docs/guide', {
        headers: { cookie, 'sec-fetch-site': site, 'sec-fetch-dest': 'document' },
      });
      assert.equal(link.status, 302);
      assert.equal(link.headers.location, '/sign-in?returnTo=%2Fdocs%2Fguide');
    }
    const own = await call('/assets/js/0f1e2d3c.89abcdef.js', { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    assert.ok(own.body.includes(protectedText));
  });

  test('the sign-out route clears the site’s cache and goes on to the sign-in route', async () => {
    const answer = await call('/sign-out?returnTo=%2Fdocs%2Fguide', { headers: { cookie } });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.location, '/sign-in?returnTo=%2Fdocs%2Fguide');
    assert.equal(answer.headers['clear-site-data'], '"cache", "cookies"');
    assert.equal(answer.headers['cache-control'], 'no-store');
  });

  test('the health endpoint answers without a session and says nothing else', async () => {
    for (const headers of [{}, { cookie }, { cookie: 'garbage' }]) {
      const answer = await call('/healthz', { headers });
      assert.equal(answer.status, 200);
      assert.equal(answer.body, 'ok\n');
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.equal(answer.headers['content-type'], 'text/plain; charset=utf-8');
    }
    assert.equal((await call('/healthz', { method: 'HEAD' })).status, 200);
    assert.equal((await call('/healthz', { method: 'POST' })).status, 405);
  });

  test('the access log has one line per page load, with the reader’s id when signed in, and no token or email', async () => {
    logged.length = 0;
    await call('/docs/guide', { headers: { cookie, 'sec-fetch-dest': 'document' } });
    await call('/docs/guide?tab=2', { headers: { 'sec-fetch-dest': 'document' } });
    await call('/assets/js/0f1e2d3c.89abcdef.js', { headers: { cookie, 'sec-fetch-dest': 'script' } });
    await call('/no/such/page', { headers: { cookie: `${cookie}; other=1`, accept: 'text/html' } });
    const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    const { sub } = claimsOf(tokens.accessToken);
    assert.equal(lines.length, 3, logged.join('\n'));
    for (const line of lines) assert.match(String(line.time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(
      lines.map(({ time: _time, ...fields }) => fields),
      [
        { event: 'page-load', userId: sub, path: '/docs/guide', decision: 'serve', status: 200 },
        { event: 'page-load', userId: null, path: '/docs/guide', decision: 'redirect', status: 302 },
        { event: 'page-load', userId: sub, path: '/no/such/page', decision: 'serve', status: 404 },
      ],
    );
    for (const line of logged) {
      for (const secret of [
        tokens.accessToken,
        tokens.idToken,
        tokens.refreshToken,
        'tab=2',
        localIdentity.demoUser.email,
      ]) {
        assert.ok(!line.includes(secret.slice(-24)), `a log line holds ${secret.slice(0, 16)}…`);
      }
    }
  });

  test('npm run serve refuses to offer a local-mode build beyond loopback', () => {
    const serve = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '..', 'cli.ts'), '--dir', fixture.buildDir, '--host', '0.0.0.0'],
      { encoding: 'utf8', timeout: 20_000 },
    );
    assert.equal(serve.status, 1);
    assert.match(serve.stderr, /HANDBOOK_AUTH=local.*can only be served on loopback .* not on 0\.0\.0\.0/s);
  });
});
