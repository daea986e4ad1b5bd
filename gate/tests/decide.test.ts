import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decide, NOT_A_READER, siteOf } from '../decide';
import type { GateRequest } from '../decide';
import { fixtureFiles, fixtureManifest } from '../../testkit/fixture-build';

const site = siteOf(fixtureManifest(), fixtureFiles);
const now = 1_800_000_000;
const reader = { userId: 'reader-sub', email: 'reader@example.com', reader: true };
const signedIn = async () => ({ expiresAt: now + 3600, ...reader });
const signedOut = async () => null;
const endingIn = (seconds: number) => async () => ({ expiresAt: now + seconds, ...reader });
const page = { accept: 'text/html,application/xhtml+xml' };

const decideAt = (...[gateRequest, gateSite, readSession]: Parameters<typeof decide>) =>
  decide(gateRequest, gateSite, readSession, now);

function request(path: string, extra: Partial<GateRequest> = {}): GateRequest {
  return { method: 'GET', path, query: '', ...extra };
}

describe('the gate decision', () => {
  test('serves the sign-in shell to anyone, without reading the session', async () => {
    const askedForSession = async () => assert.fail('the session was read for a public file');
    for (const path of ['/sign-in', '/assets/js/main.0123abcd.js', '/img/logo.svg']) {
      const decision = await decideAt(request(path), site, askedForSession);
      assert.equal(decision.action, 'serve', path);
      assert.equal(decision.action === 'serve' && decision.access, 'public', path);
    }
  });

  test('sends a signed-out page request to sign in, carrying the path and query', async () => {
    const decision = await decideAt(request('/docs/guide', { ...page, query: 'tab=2' }), site, signedOut);
    assert.deepEqual(decision, {
      action: 'redirect',
      status: 302,
      location: '/sign-in?returnTo=%2Fdocs%2Fguide%3Ftab%3D2',
    });
    const navigation = await decideAt(request('/', { secFetchDest: 'document' }), site, signedOut);
    assert.deepEqual(navigation, { action: 'redirect', status: 302, location: '/sign-in?returnTo=%2F' });
    // A prefetch or a script's fetch accepting HTML is still not a page load.
    const prefetch = await decideAt(request('/docs/guide', { ...page, secFetchDest: 'empty' }), site, signedOut);
    assert.equal(prefetch.action === 'refuse' && prefetch.status, 401);
  });

  test('answers 401 to a signed-out request for any other file, existing or not', async () => {
    for (const path of [
      '/docs/guide',
      '/search-index.json',
      '/sitemap.xml',
      '/assets/js/0f1e2d3c.89abcdef.js',
      '/assets/images/diagram-0123abcd.png',
      '/no/such/page',
    ]) {
      const decision = await decideAt(request(path, { accept: '*/*' }), site, signedOut);
      assert.equal(decision.action === 'refuse' && decision.status, 401, path);
    }
  });

  test('serves a signed-in reader every file, and the not-found page for a missing one', async () => {
    assert.deepEqual(await decideAt(request('/docs/guide'), site, signedIn), {
      action: 'serve',
      file: 'docs/guide.html',
      status: 200,
      access: 'protected',
    });
    assert.deepEqual(await decideAt(request('/'), site, signedIn), {
      action: 'serve',
      file: 'index.html',
      status: 200,
      access: 'protected',
    });
    assert.deepEqual(await decideAt(request('/no/such/page', page), site, signedIn), {
      action: 'serve',
      file: '404.html',
      status: 404,
      access: 'protected',
    });
    const missingScript = await decideAt(request('/assets/js/gone.js', { accept: '*/*' }), site, signedIn);
    assert.equal(missingScript.action === 'refuse' && missingScript.status, 404);
  });

  test('sends .html, /index.html and trailing-slash spellings to the clean URL, whoever asks', async () => {
    const cases: [string, string, string][] = [
      ['/docs/guide.html', 'tab=2', '/docs/guide?tab=2'],
      ['/docs/guide/', '', '/docs/guide'],
      ['/docs/index.html', '', '/docs'],
      ['/index.html', '', '/'],
      ['/sign-in.html', 'returnTo=%2F', '/sign-in?returnTo=%2F'],
      ['/no-such-page.html', '', '/no-such-page'],
    ];
    for (const [path, query, location] of cases) {
      for (const session of [signedIn, signedOut]) {
        assert.deepEqual(await decideAt(request(path, { query }), site, session), {
          action: 'redirect',
          status: 301,
          location,
        });
      }
    }
  });

  test('serves a page only to a session with a minute left; its scripts until the end', async () => {
    const pageRequest = request('/docs/guide', { ...page, secFetchDest: 'document' });
    assert.equal((await decideAt(pageRequest, site, endingIn(30))).action, 'redirect');
    assert.equal((await decideAt(pageRequest, site, endingIn(90))).action, 'serve');
    const script = request('/assets/js/0f1e2d3c.89abcdef.js', { accept: '*/*', secFetchDest: 'script' });
    assert.equal((await decideAt(script, site, endingIn(30))).action, 'serve');
    const expired = await decideAt(script, site, endingIn(-1));
    assert.equal(expired.action === 'refuse' && expired.status, 401);
  });

  test('refuses every method but GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND']) {
      const decision = await decideAt(request('/sign-in', { method }), site, signedIn);
      assert.equal(decision.action === 'refuse' && decision.status, 405, method);
    }
    const head = await decideAt(request('/sign-in', { method: 'HEAD' }), site, signedOut);
    assert.equal(head.action, 'serve');
  });

  test('never maps a path outside the build or to a hidden file, however it is spelled', async () => {
    for (const path of [
      '/../secret.txt',
      '/docs/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/.%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/docs%2fguide.html',
      '//etc/passwd',
      '/%00/index.html',
      '/index.html%00.js',
      '/.gate/manifest.json',
      '/%2egate/manifest.json',
      '/./index.html',
      '/%E0%A4%A',
      'relative/path',
      '',
    ]) {
      const decision = await decideAt(request(path), site, signedIn);
      assert.equal(decision.action === 'refuse' && decision.status, 400, path);
    }
    for (const path of ['/etc/passwd', '/work/secret.txt', '/C:/Windows/win.ini']) {
      const decision = await decideAt(request(path, { accept: '*/*' }), site, signedIn);
      assert.equal(decision.action === 'refuse' && decision.status, 404, path);
    }
  });

  test('serves protected files only to the handbook’s own pages or the reader, never to another site', async () => {
    const chunk = '/assets/js/0f1e2d3c.89abcdef.js';
    for (const from of [undefined, 'same-origin', 'none']) {
      const decision = await decideAt(request(chunk, { secFetchDest: 'script', secFetchSite: from }), site, signedIn);
      assert.equal(decision.action, 'serve', String(from));
    }
    for (const from of ['same-site', 'cross-site', 'Cross-Site', '']) {
      for (const path of [chunk, '/search-index.json', '/docs/guide', '/no/such/file']) {
        const asScript = await decideAt(request(path, { secFetchDest: 'script', secFetchSite: from }), site, signedIn);
        assert.equal(asScript.action === 'refuse' && asScript.status, 403, `${from} ${path}`);
      }
      // A link followed from chat or email: the sign-in route opens the page itself, same-origin.
      const link = await decideAt(
        request('/docs/guide', { secFetchDest: 'document', secFetchSite: from, query: 'tab=2' }),
        site,
        signedIn,
      );
      assert.deepEqual(link, {
        action: 'redirect',
        status: 302,
        location: '/sign-in?returnTo=%2Fdocs%2Fguide%3Ftab%3D2',
      });
      // The shell is public wherever it is asked from.
      const shell = await decideAt(request('/assets/js/main.0123abcd.js', { secFetchSite: from }), site, signedIn);
      assert.equal(shell.action, 'serve');
    }
  });

  test('the sign-out route empties the cache and goes on to sign in, keeping only the query', async () => {
    for (const session of [signedIn, signedOut]) {
      assert.deepEqual(await decideAt(request('/sign-out', { query: 'returnTo=%2Fdocs%2Fguide' }), site, session), {
        action: 'signOut',
        status: 303,
        location: '/sign-in?returnTo=%2Fdocs%2Fguide',
      });
    }
    assert.deepEqual(await decideAt(request('/sign-out'), site, signedIn), {
      action: 'signOut',
      status: 303,
      location: '/sign-in',
    });
    const post = await decideAt(request('/sign-out', { method: 'POST' }), site, signedIn);
    assert.equal(post.action === 'refuse' && post.status, 405);
  });

  test('sends a signed-in user outside the reader group to the sign-in page, and refuses them files', async () => {
    const outsider = async () => ({ ...(await signedIn()), reader: false });
    assert.deepEqual(await decideAt(request('/docs/guide', page), site, outsider), {
      action: 'redirect',
      status: 302,
      location: '/sign-in?returnTo=%2Fdocs%2Fguide',
    });
    for (const path of ['/search-index.json', '/assets/js/0f1e2d3c.89abcdef.js', '/docs/missing']) {
      assert.deepEqual(await decideAt(request(path), site, outsider), {
        action: 'refuse',
        status: 403,
        reason: NOT_A_READER,
      });
    }
  });
});
