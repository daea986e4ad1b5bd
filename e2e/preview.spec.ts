/**
 * A pull request's preview (`npm run build:preview`, served by `npm run serve -- --preview
 * 42=build-preview`): behind the same gate as production, marked on every page, and never part of
 * production's search.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { open } from './helpers';
import type { PagesFile } from '../src/search/index-files';
import { PREVIEW_BUILD } from './build-output';

const previewPage = '/previews/42/how-we-work/testing';

test.beforeAll(() => {
  if (!existsSync(PREVIEW_BUILD)) throw new Error(`${PREVIEW_BUILD}/ is missing: run \`npm run build:preview\` first.`);
});

test('a preview page says it is the preview of pull request 42 and links the same page in production', async ({
  page,
}) => {
  const response = await open(page, previewPage);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const banner = page.getByRole('region', { name: 'Preview of pull request 42' });
  await expect(banner).toContainText('not the published handbook');
  await expect(banner.getByRole('link', { name: 'Pull request #42' })).toHaveAttribute('href', /\/pull\/42$/);
  await banner.getByRole('link', { name: 'This page in the handbook' }).click();
  await expect(page).toHaveURL(/\/how-we-work\/testing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Preview of pull request/ })).toHaveCount(0);
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a preview file is refused and a preview page goes to production’s sign-in', async ({ page, request }) => {
    const bundle = readdirSync(`${PREVIEW_BUILD}/assets/js`).find((file) => file.startsWith('main.'));
    const refused = await request.get(`/previews/42/assets/js/${bundle}`, { headers: { 'sec-fetch-dest': 'script' } });
    expect(refused.status()).toBe(401);
    expect(await refused.text()).not.toContain('Testing');
    await page.goto(previewPage);
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fpreviews%2F42%2Fhow-we-work%2Ftesting$/);
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
