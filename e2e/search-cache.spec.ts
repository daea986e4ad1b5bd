/**
 * The search index travels once per sign-in: its name changes with the docs, the browser keeps it
 * for the session, and a search started in a section downloads that section's index and the small
 * index of page titles (plugins/search-titles), never the whole handbook's. (That sign-out empties
 * the kept copy is `sign-out.spec.ts`.)
 */
import type { Page, Request } from '@playwright/test';
import { searchIndexFile } from './build-output';
import { searchBudgets } from './budgets';
import { expect as expectWithPageBudgets, test } from './fixtures';
import { open } from './helpers';

/** Every test here waits on a search index (searchBudgets). */
test.describe.configure({ timeout: searchBudgets.test });
const expect = expectWithPageBudgets.configure({ timeout: searchBudgets.expect });

/** Index downloads the browser makes, from the page or from search-local's worker. */
function indexDownloads(page: Page): string[] {
  const downloads: string[] = [];
  page.context().on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/search-index')) downloads.push(pathname);
  });
  return downloads;
}

// Asking the cache for the index a section's search never fetched: Chromium logs the miss.
test.use({ expectedConsoleError: /net::ERR_CACHE_MISS/ });

async function search(page: Page, query: string): Promise<void> {
  const input = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');
  await input.click();
  await input.fill(query);
  await expect(page.getByRole('option').first()).toBeVisible();
}

/** Whether the browser's HTTP cache answers for `path` without going to the network. */
function keptByBrowser(page: Page, path: string): Promise<boolean> {
  return page.evaluate(
    (url) =>
      fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).then(
        (response) => response.ok,
        () => false,
      ),
    path,
  );
}

test('a search from a section downloads that section’s index and the titles, and the browser keeps them', async ({
  page,
}) => {
  const downloads = indexDownloads(page);
  const sectionIndex = `/${searchIndexFile('arc')}`;
  const titlesIndex = `/${searchIndexFile('_titles')}`;
  await open(page, '/arc/architecture');
  await search(page, 'Sidekiq');
  expect(downloads.sort()).toEqual([titlesIndex, sectionIndex].sort());
  expect(await keptByBrowser(page, sectionIndex)).toBe(true);
  expect(await keptByBrowser(page, titlesIndex)).toBe(true);
  // The whole handbook's index was never asked for.
  expect(await keptByBrowser(page, `/${searchIndexFile()}`)).toBe(false);
});

test('a search from the home page uses the whole handbook’s index, kept across full page loads', async ({ page }) => {
  const wholeIndex = `/${searchIndexFile()}`;
  await open(page, '/');
  await search(page, 'Sidekiq');
  expect(await keptByBrowser(page, wholeIndex)).toBe(true);
  // A full load of the page again: the index comes from the browser's cache, not the network.
  // The requests are kept and measured before the test ends: a listener still asking for sizes
  // once the context has closed fails whichever test runs next in this worker.
  const indexRequests: Request[] = [];
  page.context().on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === wholeIndex) indexRequests.push(request);
  });
  await page.reload();
  await search(page, 'Packwerk');
  expect(await keptByBrowser(page, wholeIndex)).toBe(true);
  const bytesOverNetwork = await Promise.all(
    indexRequests.map(async (request) => (await request.sizes()).responseBodySize),
  );
  expect(bytesOverNetwork.filter((bytes) => bytes > 0)).toEqual([]);
});
