import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decide, NOT_A_READER, siteByLayout, siteOf } from '../decide';
import type { Decision, GateRequest, Site } from '../decide';
import { previewNotFound } from '../preview-route';
import { fixtureFiles, fixtureManifest } from '../../testkit/fixture-build';

const now = 1_800_000_000;
const reader = { userId: 'reader-sub', email: 'reader@example.com', reader: true };
const signedIn = async () => ({ expiresAt: now + 3600, ...reader });
const outsider = async () => ({ expiresAt: now + 3600, ...reader, reader: false });
const signedOut = async () => null;
const page = { accept: 'text/html', secFetchDest: 'document' };
const file = { accept: '*/*', secFetchDest: 'script', secFetchSite: 'same-origin' };

// The preview of pull request 42 is a build with the same layout as production's, at its own root;
// it has a sign-in page and public-looking files of its own, which must stay protected there.
const previewFiles = fixtureFiles;
const localSite = siteOf(fixtureManifest(), fixtureFiles, new Map([[42, previewFiles]]));
const edgeSite = siteByLayout({ ...fixtureManifest(), dottedPages: [] });

function request(path: string, extra: Partial<GateRequest> = {}): GateRequest {
  return { method: 'GET', path, query: '', ...extra };
}
const decideAt = (gateRequest: GateRequest, site: Site, readSession: Parameters<typeof decide>[2]) =>
  decide(gateRequest, site, readSession, now);

const serving = (path: string, status: 200 | 404 = 200): Decision => ({
  action: 'serve',
  file: path,
  status,
  access: 'protected',
});

for (const [name, site] of [
  ['the gate server', localSite],
  ['the edge', edgeSite],
] as const) {
  describe(`a pull request's preview, decided by ${name}`, () => {
    test('serves a reader the preview’s pages and files from its own folder', async () => {
      assert.deepEqual(
        await decideAt(request('/previews/42/', page), site, signedIn),
        serving('previews/42/index.html'),
      );
      assert.deepEqual(
        await decideAt(request('/previews/42/docs/guide', page), site, signedIn),
        serving('previews/42/docs/guide.html'),
      );
      assert.deepEqual(
        await decideAt(request('/previews/42/assets/js/main.0123abcd.js', file), site, signedIn),
        serving('previews/42/assets/js/main.0123abcd.js'),
      );
    });

    test('keeps every file of a preview behind the gate, even those public in production', async () => {
      for (const path of [
        '/previews/42/sign-in',
        '/previews/42/assets/js/main.0123abcd.js',
        '/previews/42/img/logo.svg',
      ]) {
        const decision = await decideAt(request(path, file), site, signedOut);
        assert.deepEqual(decision, { action: 'refuse', status: 401, reason: 'Sign in to read the handbook.' }, path);
      }
    });

    test('sends a signed-out page load to production’s sign-in, which brings the reader back', async () => {
      const decision = await decideAt(request('/previews/42/docs/guide', { ...page, query: 'x=1' }), site, signedOut);
      assert.deepEqual(decision, {
        action: 'redirect',
        status: 302,
        location: '/sign-in?returnTo=%2Fpreviews%2F42%2Fdocs%2Fguide%3Fx%3D1',
      });
    });

    test('refuses a signed-in account outside the reader group as production does', async () => {
      const fileDecision = await decideAt(request('/previews/42/docs/guide', file), site, outsider);
      assert.deepEqual(fileDecision, { action: 'refuse', status: 403, reason: NOT_A_READER });
      const pageDecision = await decideAt(request('/previews/42/docs/guide', page), site, outsider);
      assert.equal(pageDecision.action, 'redirect');
    });

    test('refuses another site using a reader’s cookies as production does', async () => {
      for (const secFetchSite of ['same-site', 'cross-site']) {
        const decision = await decideAt(
          request('/previews/42/assets/js/0f1e2d3c.89abcdef.js', { ...file, secFetchSite }),
          site,
          signedIn,
        );
        assert.equal(decision.action === 'refuse' && decision.status, 403, secFetchSite);
      }
    });

    test('links the preview’s home with its slash and every other page without one', async () => {
      const cases: [string, string][] = [
        ['/previews/42', '/previews/42/'],
        ['/previews/42/index.html', '/previews/42/'],
        ['/previews/42/docs/guide/', '/previews/42/docs/guide'],
        ['/previews/42/docs/guide.html', '/previews/42/docs/guide'],
      ];
      for (const [path, location] of cases) {
        assert.deepEqual(await decideAt(request(path, page), site, signedOut), {
          action: 'redirect',
          status: 301,
          location,
        });
      }
    });

    test('names nothing outside `previews/<N>/` for a path that is not a pull request’s', async () => {
      for (const path of [
        '/previews',
        '/previews/',
        '/previews/042/docs/guide',
        '/previews/x/docs/guide',
        '/previews/-1/',
      ]) {
        const decision = await decideAt(request(path, file), site, signedIn);
        assert.deepEqual(decision, { action: 'refuse', status: 404, reason: 'Not found.' }, path);
        assert.equal((await decideAt(request(path, file), site, signedOut)).status, 401, path);
      }
      for (const path of [
        '/previews/42/../../docs/guide',
        '/previews/42/%2e%2e/x',
        '/previews/42/.gate/manifest.json',
      ]) {
        assert.equal((await decideAt(request(path, file), site, signedIn)).status, 400, path);
      }
    });
  });
}

describe('a preview the gate server does not have', () => {
  test('answers 404 naming the preview to a reader, 401 to anyone else, and never production’s pages', async () => {
    const decision = await decideAt(request('/previews/7/docs/guide', page), localSite, signedIn);
    assert.deepEqual(decision, { action: 'refuse', status: 404, reason: previewNotFound(7) });
    const missing = await decideAt(request('/previews/42/no/such/page', page), localSite, signedIn);
    assert.deepEqual(missing, { action: 'refuse', status: 404, reason: previewNotFound(42) });
    assert.equal((await decideAt(request('/previews/7/docs/guide', file), localSite, signedOut)).status, 401);
  });
});
