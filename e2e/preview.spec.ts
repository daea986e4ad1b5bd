/**
 * A pull request's preview (`npm run build:preview`, served by `npm run serve -- --preview
 * 42=build-preview`): on an origin of its own, behind the same gate as production, marked on every
 * page, and never part of production's search. A reader signed in on production signs in again
 * there: the preview's origin shares no cookie or storage with production's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { demoReader, signedOut } from './accounts';
import { PREVIEW_BUILD, PREVIEW_ORIGIN } from './build-output';
import { expect, test } from './fixtures';
import { signInThroughForm } from './helpers';
import type { PagesFile } from '../src/search/index-files';

const previewPage = '/previews/42/how-we-work/testing';

test.beforeAll(() => {
  if (!existsSync(PREVIEW_BUILD)) throw new Error(`${PREVIEW_BUILD}/ is missing: run \`npm run build:preview\` first.`);
});

/** Opens a preview page as a reader signed in on production only: the preview's origin asks for a sign-in of its own. */
async function signInOnPreviewOrigin(page: Page, path: string): Promise<void> {
  await page.goto(`${PREVIEW_ORIGIN}${path}`);
  await expect(page).toHaveURL(`${PREVIEW_ORIGIN}/sign-in?returnTo=${encodeURIComponent(path)}`);
  await signInThroughForm(page, demoReader.email, demoReader.password);
  await expect(page).toHaveURL(`${PREVIEW_ORIGIN}${path}`);
}

test('a reader signed in on production signs in on the preview’s origin, then reads the preview, marked as such', async ({
  page,
  baseURL,
}) => {
  // Production's session, from the suite's sign-in, stays production's: nothing of it on the preview's origin.
  expect(await page.context().cookies(baseURL)).not.toHaveLength(0);
  expect(await page.context().cookies(PREVIEW_ORIGIN)).toHaveLength(0);
  await signInOnPreviewOrigin(page, previewPage);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const banner = page.getByRole('region', { name: 'Preview of pull request 42' });
  await expect(banner).toContainText('not the published handbook');
  await expect(banner.getByRole('link', { name: 'Pull request #42' })).toHaveAttribute('href', /\/pull\/42$/);
  // The same page in production, on production's origin, where the reader was already signed in.
  await banner.getByRole('link', { name: 'This page in the handbook' }).click();
  await expect(page).toHaveURL(`${baseURL}/how-we-work/testing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Preview of pull request/ })).toHaveCount(0);
});

test('production’s origin serves nothing of a preview, to a signed-in reader either', async ({ page }) => {
  const response = await page.goto(previewPage);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('region', { name: /Preview of pull request/ })).toHaveCount(0);
});

test.describe('signed out', () => {
  test.use({ storageState: signedOut });

  test('a preview file is refused and a preview page goes to the preview origin’s sign-in', async ({
    page,
    request,
  }) => {
    const bundle = readdirSync(`${PREVIEW_BUILD}/assets/js`).find((file) => file.startsWith('main.'));
    const refused = await request.get(`${PREVIEW_ORIGIN}/previews/42/assets/js/${bundle}`, {
      headers: { 'sec-fetch-dest': 'script' },
    });
    expect(refused.status()).toBe(401);
    expect(await refused.text()).not.toContain('Testing');
    await page.goto(`${PREVIEW_ORIGIN}${previewPage}`);
    await expect(page).toHaveURL(`${PREVIEW_ORIGIN}/sign-in?returnTo=%2Fpreviews%2F42%2Fhow-we-work%2Ftesting`);
  });
});

test('production’s search index holds no page of the preview', async ({ page }) => {
  // The pages file is the one file of the index that lists pages (src/search/index-files.ts); the
  // others hold their text, where the writer's guide may name a preview's address.
  const pagesFile = (dir: string) =>
    readdirSync(dir).find((file) => /^search-index-_pages-[0-9a-f]{8}\.json$/.test(file));
  const production = pagesFile('build');
  expect(production).toBeDefined();
  // The page's request context carries the signed-in reader's cookies.
  const served = await page.request.get(`/${production}`);
  expect(served.status()).toBe(200);
  const urls = ((await served.json()) as PagesFile).pages.map(([url]) => url);
  expect(urls.filter((url) => url.startsWith('/previews/'))).toEqual([]);
  // The preview's own index is its own files, naming its own addresses.
  const preview = JSON.parse(readFileSync(`${PREVIEW_BUILD}/${pagesFile(PREVIEW_BUILD)}`, 'utf8')) as PagesFile;
  expect(preview.pages.every(([url]) => url.startsWith('/previews/42/'))).toBe(true);
});
