/**
 * Signing out leaves nothing of the handbook in the browser: protected files are never stored, and
 * the sign-out route empties the site's cache (`Clear-Site-Data`). A page of the sign-in route that
 * asks the cache for every file it held (`cache: 'force-cache'`) gets no line of the handbook.
 */
import type { Request } from '@playwright/test';
import { readManifest } from '../gate/manifest';
import { buildDir } from './build-output';
import { docPhrases } from './doc-phrases';
import { expect, test } from './fixtures';
import { createReader, signedOut } from './identity';
import { expectSignInForm, open, signInThroughForm } from './helpers';

const publicPaths = new Set(['/sign-in', ...readManifest(buildDir).publicFiles.map((file) => `/${file}`)]);
const phrases = docPhrases();

test.use({
  storageState: signedOut,
  // The files asked for after signing out are refused (401), and Chromium logs each refusal.
  expectedConsoleError: /status of 401 \(Unauthorized\)/,
});

test('after signing out, the browser cache gives back no protected file', async ({ page, baseURL }) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === baseURL && response.status() === 200 && !publicPaths.has(url.pathname)) loaded.add(url.pathname);
  });
  const signOutRequests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/sign-out') signOutRequests.push(request);
  });

  const reader = await createReader();
  await open(page, '/arc/architecture');
  await signInThroughForm(page, reader.email, reader.password);
  await expect(page.getByRole('heading', { level: 1, name: 'System Architecture' })).toBeVisible();
  const search = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');
  await search.click();
  await search.fill('claims');
  await page.waitForLoadState('networkidle');
  await open(page, '/how-we-work/testing');
  await page.waitForLoadState('networkidle');
  // The search index of the section searched in (search contexts: `search-index-arc.json`).
  expect([...loaded]).toContainEqual(expect.stringMatching(/^\/search-index(-[\w-]+)?\.json$/));
  expect(loaded.size).toBeGreaterThan(5);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expectSignInForm(page);
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  const signOutAnswers = await Promise.all(
    signOutRequests.map(async (request) => (await request.response())?.allHeaders()),
  );
  expect(signOutAnswers.map((headers) => headers?.['clear-site-data'])).toEqual(['"cache"']);

  const fromCache = await page.evaluate(
    async (paths) => {
      const answers: { path: string; status: number; body: string }[] = [];
      for (const path of paths) {
        const response = await fetch(path, { cache: 'force-cache' });
        answers.push({ path, status: response.status, body: await response.text() });
      }
      return answers;
    },
    [...loaded],
  );
  expect(fromCache.filter(({ status }) => status !== 401).map(({ path }) => path)).toEqual([]);
  const leaks = fromCache.flatMap(({ path, body }) =>
    phrases.filter(({ phrase }) => body.includes(phrase)).map(({ page: doc }) => `${path} shows docs/${doc}`),
  );
  expect(leaks).toEqual([]);
});
