/**
 * A reader's first search: what the browser downloads from the moment the search box is clicked
 * until the first suggestions show and the network is quiet (the handbook's index files; plain's
 * whole index and search-local's worker), in a fresh context, bodies as served plus headers; and
 * how long after the last key the suggestions for the whole query show, on this machine's CPU and
 * on a phone's (Chromium's CPU throttling at 4x, on the page and on every worker it starts).
 */
import type { Browser, Cookie, Page } from '@playwright/test';

export interface SearchLoad {
  bytes: number;
  /** From the last key typed to the suggestions for the whole query: the downloads, and the search. */
  seconds: number;
  /** The same, with the CPU throttled 4x (a phone-class CPU), the search's worker included. */
  throttledSeconds: number;
  /** The search index files downloaded, by path. */
  indexes: string[];
}

/** Lighthouse's mobile setting: a phone's CPU as about a quarter of a desktop's. */
export const PHONE_CPU_SLOWDOWN = 4;

/**
 * Throttles the page's CPU, and each worker it starts (search-local searches in one) as it starts:
 * a DevTools session attached to the page auto-attaches to its workers (`Target.setAutoAttach`),
 * and each is told through `Target.sendMessageToTarget` (the session's non-flattened protocol).
 */
async function throttleCpu(page: Page, rate: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  session.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type !== 'worker') return;
    const message = JSON.stringify({ id: 1, method: 'Emulation.setCPUThrottlingRate', params: { rate } });
    void session.send('Target.sendMessageToTarget', { sessionId, message });
  });
  session.on('Target.receivedMessageFromTarget', ({ message }) => {
    const answer = JSON.parse(message) as { id?: number; error?: { message: string } };
    if (answer.id === 1 && answer.error) throw new Error(`A worker refused CPU throttling: ${answer.error.message}`);
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
}

/**
 * One first search: typed key by key, as a reader types; the suggestions are the whole query's
 * once the list's footer links to the search page for it (search-local renders both at once).
 */
async function firstSearch(
  browser: Browser,
  url: string,
  query: string,
  cookies: () => Promise<Cookie[]>,
  cpuSlowdown: number,
): Promise<Omit<SearchLoad, 'throttledSeconds'>> {
  const context = await browser.newContext();
  await context.addCookies(await cookies());
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  if (cpuSlowdown > 1) await throttleCpu(page, cpuSlowdown);
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
  await input.pressSequentially(query);
  const lastKey = performance.now();
  const footer = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^See all results/ });
  await footer.and(page.locator(`[href*="q=${encodeURIComponent(query)}"]`)).waitFor({ timeout: 120_000 });
  const seconds = (performance.now() - lastKey) / 1000;
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(sizes);
  await context.close();
  return {
    bytes: loaded.reduce((total, { bytes }) => total + bytes, 0),
    seconds,
    indexes: loaded.map(({ path }) => path).filter((path) => path.startsWith('/search-index')),
  };
}

export async function measureFirstSearch(
  browser: Browser,
  url: string,
  query: string,
  cookies: () => Promise<Cookie[]>,
): Promise<SearchLoad> {
  const quick = await firstSearch(browser, url, query, cookies, 1);
  const throttled = await firstSearch(browser, url, query, cookies, PHONE_CPU_SLOWDOWN);
  return { ...quick, throttledSeconds: throttled.seconds };
}
