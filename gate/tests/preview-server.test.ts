/**
 * The gate server with a preview build beside production's (`npm run serve -- --preview 42=dir`):
 * previews on an origin of their own (another port and another loopback host name, since cookies
 * are kept by host name), the same refusals as production there, nothing of them on production's
 * origin, and a preview folder built for another number refused. Against the real local identity
 * service.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { writeFixtureBuild } from '../../testkit/fixture-build';
import type { FixtureBuild } from '../../testkit/fixture-build';
import { startGateFixture } from '../../testkit/gate-fixture';
import type { GateFixture } from '../../testkit/gate-fixture';
import { listenOnLoopback, rawRequest } from '../../testkit/loopback';
import { MANIFEST_FILE } from '../manifest';
import type { GateManifest } from '../manifest';
import { previewNotFound } from '../preview-route';
import { createGateServer } from '../server';

const PREVIEW_TEXT = 'This sentence exists only in pull request 42.';
const page = { accept: 'text/html', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' };
const script = { accept: '*/*', 'sec-fetch-dest': 'script', 'sec-fetch-site': 'same-origin' };

/** A fixture build as the preview of `pullRequest` (its manifest says so, as `npm run build:preview`'s does). */
function previewBuild(manifest: GateManifest, pullRequest: number): FixtureBuild {
  const build = writeFixtureBuild({ ...manifest, pullRequest });
  writeFileSync(path.join(build.buildDir, 'docs', 'guide.html'), `<!doctype html><p>${PREVIEW_TEXT}</p>`);
  return build;
}

describe('the gate server with a preview', () => {
  let gate: GateFixture;
  let preview: FixtureBuild;
  let previews: http.Server;
  let previewsPort: number;
  let cookie: string;

  /** A request to the previews' origin, by its host name unless told another. */
  const call = async (rawPath: string, headers: Record<string, string>, host = 'localhost') => {
    const answer = await rawRequest(previewsPort, rawPath, {
      headers: { host: `${host}:${previewsPort}`, ...headers },
    });
    return { ...answer, body: answer.body.toString('utf8') };
  };

  before(async () => {
    gate = await startGateFixture({
      beforeServing: (_production, manifest) => {
        preview = previewBuild(manifest, 42);
        // Production's own server is given the preview too: it must still serve none of it.
        return { previews: [{ pullRequest: 42, buildDir: preview.buildDir }] };
      },
    });
    cookie = gate.cookie;
    previews = createGateServer({
      buildDir: gate.build.buildDir,
      previews: [{ pullRequest: 42, buildDir: preview.buildDir }],
      origin: 'previews',
      servedHost: 'localhost',
      productionOrigin: `http://127.0.0.1:${gate.port}`,
      log: () => {},
    });
    previewsPort = await listenOnLoopback(previews);
  });
  after(async () => {
    await new Promise((resolve) => previews.close(resolve));
    await gate.stop();
    preview.remove();
  });

  test('serves a reader the preview’s page on the previews’ origin, never indexed', async () => {
    const previewPage = await call('/previews/42/docs/guide', { ...page, cookie });
    assert.equal(previewPage.status, 200);
    assert.match(previewPage.body, new RegExp(PREVIEW_TEXT));
    assert.equal(previewPage.headers['x-robots-tag'], 'noindex, nofollow');
    assert.equal(previewPage.headers['cache-control'], 'no-store');
  });

  test('production’s origin serves nothing of a preview, and its own pages unchanged', async () => {
    const onProduction = await gate.call('/previews/42/docs/guide', { headers: { ...page, cookie } });
    assert.equal(onProduction.status, 404);
    assert.doesNotMatch(onProduction.text, new RegExp(PREVIEW_TEXT));
    assert.doesNotMatch(onProduction.text, /preview of pull request/);
    const productionPage = await gate.call('/docs/guide', { headers: { ...page, cookie } });
    assert.equal(productionPage.status, 200);
    assert.doesNotMatch(productionPage.text, new RegExp(PREVIEW_TEXT));
  });

  test('the previews’ origin serves the sign-in shell and sends a production page to production’s origin', async () => {
    assert.equal((await call('/sign-in', page)).status, 200);
    for (const [asked, location] of [
      ['/docs/guide?tab=2', `http://127.0.0.1:${gate.port}/docs/guide?tab=2`],
      ['/', `http://127.0.0.1:${gate.port}/`],
    ]) {
      const answer = await call(asked, { ...page, cookie });
      assert.equal(answer.status, 302, asked);
      assert.equal(answer.headers.location, location);
      assert.doesNotMatch(answer.body, /Guide/);
    }
  });

  test('answers only by its own host name: production’s name on this port would share its cookies', async () => {
    const misdirected = await call('/previews/42/docs/guide', { ...page, cookie }, '127.0.0.1');
    assert.equal(misdirected.status, 421);
    assert.equal(misdirected.body, `Previews are served at http://localhost:${previewsPort}/ only.\n`);
  });

  test('refuses a signed-out visitor every byte of the preview, and sends a page load to this origin’s sign-in', async () => {
    for (const file of ['/previews/42/docs/guide', '/previews/42/sign-in', '/previews/42/assets/js/main.0123abcd.js']) {
      const answer = await call(file, script);
      assert.equal(answer.status, 401, file);
      assert.doesNotMatch(answer.body, new RegExp(PREVIEW_TEXT), file);
    }
    const signIn = await call('/previews/42/docs/guide', page);
    assert.equal(signIn.status, 302);
    assert.equal(signIn.headers.location, '/sign-in?returnTo=%2Fpreviews%2F42%2Fdocs%2Fguide');
  });

  test('refuses another site’s load with the reader’s cookies, and answers 404 for a preview it lacks', async () => {
    const crossSite = await call('/previews/42/docs/guide', { ...script, 'sec-fetch-site': 'cross-site', cookie });
    assert.equal(crossSite.status, 403);
    const missing = await call('/previews/7/docs/guide', { ...page, cookie });
    assert.equal(missing.status, 404);
    assert.equal(missing.body, `${previewNotFound(7)}\n`);
  });

  test('refuses a preview folder built for another pull request, or production’s build, before serving', () => {
    const manifest = JSON.parse(readFileSync(path.join(gate.build.buildDir, MANIFEST_FILE), 'utf8')) as GateManifest;
    const other = previewBuild(manifest, 41);
    try {
      for (const [buildDir, built] of [
        [other.buildDir, 'pull request 41'],
        [gate.build.buildDir, 'production'],
      ]) {
        assert.throws(
          () =>
            createGateServer({
              buildDir: gate.build.buildDir,
              previews: [{ pullRequest: 42, buildDir }],
              origin: 'previews',
            }),
          new RegExp(
            `is the build of ${built}, not the preview of pull request 42: build it with \`npm run build:preview -- 42 `,
          ),
        );
      }
    } finally {
      other.remove();
    }
  });
});
