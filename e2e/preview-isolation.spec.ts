/**
 * What a pull request's own script can reach from its preview (SECURITY.md, "Previews"): a script
 * planted in a preview page, as a `.mdx` page's component or a file under `static/` brings one (a
 * same-origin bundle, which the Content Security Policy allows), runs on the previews' origin and
 * reads nothing of the reader's production session. The planted preview is a copy of
 * `build-preview/` with the script added, served by a gate of this spec's own (`npm run serve --
 * --preview 42=<copy>`) on the two ports after the suite's.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { demoReader } from './accounts';
import { PREVIEW_BUILD, PREVIEW_PORT } from './build-output';
// Not ./fixtures' test, which fails on any console error: the planted pages are the attacker's, and
// their console (a favicon the previews' origin sends to production's, refused by the CSP) is not the handbook's.
import { expect, test } from '@playwright/test';
import { signInThroughForm } from './helpers';

const productionPort = PREVIEW_PORT + 1;
const previewsPort = PREVIEW_PORT + 2;
const production = `http://127.0.0.1:${productionPort}`;
const previews = `http://localhost:${previewsPort}`;
const SCRIPT = 'assets/js/planted-session-reader.js';

/** What the planted script reports: everything of a session page script can read on its origin. */
const PLANTED_SCRIPT = `(function () {
  var storage = {};
  for (var i = 0; i < localStorage.length; i++) storage[localStorage.key(i)] = localStorage.getItem(localStorage.key(i));
  window.plantedReport = JSON.stringify({ origin: location.origin, cookie: document.cookie, storage: storage });
})();`;

let root: string;
let gate: ChildProcess;

test.beforeAll(async () => {
  if (!existsSync(PREVIEW_BUILD)) throw new Error(`${PREVIEW_BUILD}/ is missing: run \`npm run build:preview\` first.`);
  root = mkdtempSync(path.join(tmpdir(), 'handbook-planted-preview-'));
  const planted = path.join(root, 'build-preview');
  cpSync(PREVIEW_BUILD, planted, { recursive: true });
  writeFileSync(path.join(planted, SCRIPT), PLANTED_SCRIPT);
  // A page whose component runs script, as a compiled .mdx page's does from its bundle.
  const page = path.join(planted, 'how-we-work/testing.html');
  writeFileSync(
    page,
    readFileSync(page, 'utf8').replace('</body>', `<script src="/previews/42/${SCRIPT}"></script></body>`),
  );
  // A static/ SVG with a script of its own, opened as a document.
  writeFileSync(
    path.join(planted, 'img/planted.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><script xlink:href="/previews/42/${SCRIPT}"/></svg>`,
  );
  gate = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'gate/cli.ts',
      '--port',
      String(productionPort),
      '--without-identity',
      '--preview',
      `42=${planted}`,
      '--preview-port',
      String(previewsPort),
    ],
    { stdio: 'ignore' },
  );
  await expect
    .poll(async () => (await fetch(`${production}/sign-in`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(() => {
  gate?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

/** The planted script's report on `url`, reached by a reader who signs in on the previews' origin. */
async function plantedReport(page: Page, url: string): Promise<{ origin: string; cookie: string; storage: object }> {
  await page.goto(url);
  await expect.poll(() => page.evaluate(() => (window as { plantedReport?: string }).plantedReport)).toBeTruthy();
  return JSON.parse((await page.evaluate(() => (window as { plantedReport?: string }).plantedReport))!);
}

test('a script planted in a preview page or a static SVG reads none of the reader’s production session', async ({
  page,
}) => {
  // The reader is signed in on production (the suite's session) and reads it there.
  await page.goto(`${production}/how-we-work/testing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const productionTokens = (await page.context().cookies(production))
    .filter((cookie) => /\.(accessToken|idToken|refreshToken)$/.test(cookie.name))
    .map((cookie) => cookie.value);
  expect(productionTokens).toHaveLength(3);

  // The preview's origin asks for a sign-in of its own; then the planted page runs its script.
  await page.goto(`${previews}/previews/42/how-we-work/testing`);
  await expect(page).toHaveURL(/\/sign-in\?returnTo=/);
  await signInThroughForm(page, demoReader.email, demoReader.password);
  await expect(page).toHaveURL(`${previews}/previews/42/how-we-work/testing`);
  for (const url of [`${previews}/previews/42/how-we-work/testing`, `${previews}/previews/42/img/planted.svg`]) {
    const report = await plantedReport(page, url);
    expect(report.origin, url).toBe(previews);
    // The script does read its own origin's cookies (the preview sign-in's), so the check below means something.
    expect(report.cookie, url).toMatch(/CognitoIdentityServiceProvider\.[^=]+\.accessToken=/);
    const seen = JSON.stringify(report);
    for (const token of productionTokens) expect(seen.includes(token), `${url} read a production token`).toBe(false);
  }
});
