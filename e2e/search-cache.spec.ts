/**
 * The search index travels in small files, each once per sign-in: their names change with the docs,
 * the browser keeps them for the session, and a search downloads the pages file, the shards of its
 * terms and the entries of the pages it shows (plugins/search-shards), never the whole index. (That
 * sign-out empties the kept copies is `sign-out.spec.ts`.)
 */
import type { Page, Request } from '@playwright/test';
import { searchPagesFile } from './build-output';
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

test('a search downloads the pages file, its word’s shard and the pages it shows, and the browser keeps them', async ({
  page,
}) => {
  const downloads = indexDownloads(page);
  await open(page, '/arc/architecture');
  await search(page, 'Sidekiq');
  const [pagesFile, ...others] = downloads;
  expect(pagesFile).toBe(`/${searchPagesFile()}`);
  // "sidekiq" is in the shard of terms starting "si" (or a longer key, where that shard was split).
  expect(
    others
      .filter((file) => file.startsWith('/search-index-_t-'))
      .every((file) => file.startsWith('/search-index-_t-si')),
  ).toBe(true);
  expect(others.length).toBeGreaterThan(1);
  expect(others.length).toBeLessThanOrEqual(1 + 8);
  await page.waitForLoadState('networkidle');
  expect(await keptByBrowser(page, pagesFile)).toBe(true);
  expect(await keptByBrowser(page, others[0])).toBe(true);
});

test('a search again after a full page load downloads no index file', async ({ page }) => {
  await open(page, '/');
  await search(page, 'Sidekiq');
  // A full load of the page again: the index files come from the browser's cache, not the network.
  // The requests are kept and measured before the test ends: a listener still asking for sizes
  // once the context has closed fails whichever test runs next in this worker.
  const indexRequests: Request[] = [];
  page.context().on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/search-index')) indexRequests.push(request);
  });
  await page.reload();
  await search(page, 'Sidekiq');
  expect(indexRequests.length).toBeGreaterThan(0);
  const bytesOverNetwork = await Promise.all(
    indexRequests.map(async (request) => (await request.sizes()).responseBodySize),
  );
  expect(bytesOverNetwork.filter((bytes) => bytes > 0)).toEqual([]);
});
