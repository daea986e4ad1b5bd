/**
 * The gate server with a preview build beside production's (`npm run serve -- --preview 42=dir`):
 * the same refusals as production, against the real local identity service.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { writeFixtureBuild } from '../../testkit/fixture-build';
import type { FixtureBuild } from '../../testkit/fixture-build';
import { startGateFixture } from '../../testkit/gate-fixture';
import type { GateFixture } from '../../testkit/gate-fixture';
import { previewNotFound } from '../preview-route';

const PREVIEW_TEXT = 'This sentence exists only in pull request 42.';
const page = { accept: 'text/html', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' };
const script = { accept: '*/*', 'sec-fetch-dest': 'script', 'sec-fetch-site': 'same-origin' };

describe('the gate server with a preview', () => {
  let gate: GateFixture;
  let preview: FixtureBuild;
  let cookie: string;

  const call = async (rawPath: string, headers: Record<string, string>) => {
    const answer = await gate.call(rawPath, { headers });
    return { ...answer, body: answer.text };
  };

  before(async () => {
    gate = await startGateFixture({
      beforeServing: (_production, manifest) => {
        preview = writeFixtureBuild(manifest);
        writeFileSync(path.join(preview.buildDir, 'docs', 'guide.html'), `<!doctype html><p>${PREVIEW_TEXT}</p>`);
        return { previews: [{ pullRequest: 42, buildDir: preview.buildDir }] };
      },
    });
    cookie = gate.cookie;
  });
  after(async () => {
    await gate.stop();
    preview.remove();
  });

  test('serves a reader the preview’s page, never indexed, and production’s page unchanged', async () => {
    const previewPage = await call('/previews/42/docs/guide', { ...page, cookie });
    assert.equal(previewPage.status, 200);
    assert.match(previewPage.body, new RegExp(PREVIEW_TEXT));
    assert.equal(previewPage.headers['x-robots-tag'], 'noindex, nofollow');
    assert.equal(previewPage.headers['cache-control'], 'no-store');
    const productionPage = await call('/docs/guide', { ...page, cookie });
    assert.doesNotMatch(productionPage.body, new RegExp(PREVIEW_TEXT));
    assert.equal(productionPage.headers['x-robots-tag'], undefined);
  });

  test('refuses a signed-out visitor every byte of the preview, its would-be shell included', async () => {
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
});
