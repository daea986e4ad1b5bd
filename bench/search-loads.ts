/**
 * A reader's first search: what the browser downloads from the moment the search box is clicked
 * until the first suggestions show and the network is quiet (the index of the page's search
 * context, and search-local's worker), in a fresh context, bodies as served plus headers.
 */
import type { Browser, Cookie } from '@playwright/test';

export interface SearchLoad {
  bytes: number;
  /** From the first key typed to the first suggestion shown: the download, and the worker's parse of the index. */
  seconds: number;
  /** The search index files downloaded, by path. */
  indexes: string[];
}

export async function measureFirstSearch(
  browser: Browser,
  url: string,
  query: string,
  cookies: () => Promise<Cookie[]>,
): Promise<SearchLoad> {
  const context = await browser.newContext();
  await context.addCookies(await cookies());
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const sizes: Promise<{ path: string; bytes: number }>[] = [];
  // The context's, not the page's: search-local fetches its index from a worker.
  context.on('requestfinished', (request) =>
    sizes.push(
      request.sizes().then(({ responseBodySize, responseHeadersSize }) => ({
        path: new URL(request.url()).pathname,
        bytes: responseBodySize + responseHeadersSize,
      })),
    ),
  );
  const input = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');
  await input.click();
  const started = performance.now();
  await input.fill(query);
  await page.getByRole('option').first().waitFor({ timeout: 120_000 });
  const seconds = (performance.now() - started) / 1000;
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(sizes);
  await context.close();
  return {
    bytes: loaded.reduce((total, { bytes }) => total + bytes, 0),
    seconds,
    indexes: loaded.map(({ path }) => path).filter((path) => path.startsWith('/search-index')),
  };
}
