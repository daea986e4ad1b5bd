/**
 * Page loads in headless Chromium: bytes and timings of a docs page for a signed-in reader (the
 * product, through the gate server) against the same page of the site without the gate, and the
 * way to the sign-in form for a visitor without a session. Each run gets a fresh context (an empty
 * cache); product and baseline runs alternate, so a busy moment of the machine hits both.
 */
import type { Browser, Page } from '@playwright/test';
import { newContext } from './browser';
import type { StorageState } from './browser';
import type { BenchProbe } from './page-probes';
import { recordTraffic } from './traffic';
import type { Traffic } from './traffic';

export const DIAGRAM_PAGE = '/arc/architecture';
export const PLAIN_PAGE = '/how-we-work/testing';

const PROBE_TIMEOUT_MS = 30_000;

/** Waits for a probe's time (ms since the navigation started) to be taken. */
export async function probeTime(page: Page, key: keyof BenchProbe): Promise<number> {
  const handle = await page.waitForFunction((name) => window.__bench?.[name], key, {
    timeout: PROBE_TIMEOUT_MS,
    polling: 50,
  });
  return Number(await handle.jsonValue());
}

export interface DocsPageRun {
  cold: Traffic & { h1Ms: number };
  /** The same page opened again in the same context: a returning reader with a warm cache. */
  warm?: Traffic & { h1Ms: number };
  /** Click on "Next" at the page's foot until the next page's h1 shows. */
  clientNavMs?: number;
}

async function load(page: Page, url: string, probe: 'h1At' | 'formAt'): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const at = await probeTime(page, probe);
  await page.waitForLoadState('networkidle');
  return at;
}

async function clickNext(page: Page): Promise<number> {
  const from = await page.locator('h1').first().textContent();
  await page.evaluate((text) => {
    const probe = window.__bench as BenchProbe;
    probe.navigateFrom = text ?? '';
    probe.clickAt = undefined;
    probe.navigatedAt = undefined;
  }, from);
  await page.locator('a.pagination-nav__link--next').click();
  const navigatedAt = await probeTime(page, 'navigatedAt');
  const clickAt = await page.evaluate(() => window.__bench?.clickAt);
  if (clickAt === undefined) throw new Error('the click on "Next" was not seen by the page');
  return navigatedAt - clickAt;
}

export async function docsPageRun(
  browser: Browser,
  url: string,
  options: { storageState?: StorageState; warm?: boolean; clickNext?: boolean },
): Promise<DocsPageRun> {
  const context = await newContext(browser, options.storageState);
  try {
    const traffic = recordTraffic(context);
    const page = await context.newPage();
    const coldH1 = await load(page, url, 'h1At');
    const run: DocsPageRun = { cold: { ...(await traffic.take()), h1Ms: coldH1 } };
    if (options.warm) {
      const warmH1 = await load(page, url, 'h1At');
      run.warm = { ...(await traffic.take()), h1Ms: warmH1 };
    }
    if (options.clickNext) run.clientNavMs = await clickNext(page);
    return run;
  } finally {
    await context.close();
  }
}

/** A visitor without a session opens a docs page: the gate sends them to the sign-in form. */
export async function signedOutRun(browser: Browser, url: string): Promise<Traffic & { formMs: number }> {
  const context = await newContext(browser);
  try {
    const traffic = recordTraffic(context);
    const page = await context.newPage();
    const formMs = await load(page, url, 'formAt');
    if (!new URL(page.url()).pathname.startsWith('/sign-in')) {
      throw new Error(`a signed-out visit to ${url} ended at ${page.url()}, not at the sign-in route`);
    }
    return { ...(await traffic.take()), formMs };
  } finally {
    await context.close();
  }
}
