/**
 * The navbar search of a loaded docs page: first focus (which starts fetching the index) to the
 * first suggestions, then one more keystroke to the updated suggestions. The query is typed at
 * once (`fill`), right after focus: the worst case, with no typing time to hide the index fetch.
 */
import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { newContext } from './browser';
import type { ReaderSession, StorageState } from './browser';
import { PLAIN_PAGE, probeTime } from './browser-metrics';
import { figure, medianFigure } from './report';
import type { Figure } from './report';

/** "sub" then "subm": the keystroke changes the suggestions (most "sub…" hits are not "subm…"). */
export const SEARCH_QUERY = 'sub';
export const SEARCH_EXTRA_KEY = 'm';

export interface SearchRun {
  firstSuggestionsMs: number;
  updatedSuggestionsMs: number;
}

export async function searchRun(browser: Browser, url: string, storageState?: StorageState): Promise<SearchRun> {
  const context = await newContext(browser, storageState);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await probeTime(page, 'h1At');
    await page.waitForLoadState('networkidle');
    const box = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');
    await box.click();
    await box.fill(SEARCH_QUERY);
    const suggestionsAt = await probeTime(page, 'suggestionsAt');
    const focusAt = await probeTime(page, 'searchFocusAt');
    await page.keyboard.press(SEARCH_EXTRA_KEY);
    const updatedAt = await probeTime(page, 'suggestionsUpdatedAt');
    const keyAt = await probeTime(page, 'searchKeyAt');
    return { firstSuggestionsMs: suggestionsAt - focusAt, updatedSuggestionsMs: updatedAt - keyAt };
  } finally {
    await context.close();
  }
}

/** The search index a reader downloads on first focus (hashed name or not), gzipped. */
export function searchIndexGzipBytes(buildDir: string): number {
  const file = path.join(buildDir, 'search-index.json');
  if (!statSync(file, { throwIfNoEntry: false })) throw new Error(`${file} is missing`);
  return gzipSync(readFileSync(file)).length;
}

/** Product (signed in) and baseline runs, alternating; each run has a cold cache and a cold index. */
export async function searchFigures(
  browser: Browser,
  session: ReaderSession,
  builds: { product: { origin: string; dir: string }; baseline: { origin: string; dir: string } },
  runs: number,
  progress: (line: string) => void,
): Promise<Figure[]> {
  const product: SearchRun[] = [];
  const baseline: SearchRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    product.push(await searchRun(browser, builds.product.origin + PLAIN_PAGE, await session.storageState()));
    baseline.push(await searchRun(browser, builds.baseline.origin + PLAIN_PAGE));
    const last = product[run - 1];
    progress(
      `search run ${run}/${runs}: first suggestions ${last.firstSuggestionsMs.toFixed(0)} ms, ` +
        `updated ${last.updatedSuggestionsMs.toFixed(0)} ms`,
    );
  }
  const section = `Search (navbar, signed in, query "${SEARCH_QUERY}" + "${SEARCH_EXTRA_KEY}")`;
  const first = (item: SearchRun) => item.firstSuggestionsMs;
  const updated = (item: SearchRun) => item.updatedSuggestionsMs;
  return [
    medianFigure({
      section,
      name: 'first focus → first suggestions (index fetched on focus)',
      unit: 'ms',
      runs: product.map(first),
      baselineRuns: baseline.map(first),
    }),
    medianFigure({
      section,
      name: 'one more keystroke → updated suggestions',
      unit: 'ms',
      runs: product.map(updated),
      baselineRuns: baseline.map(updated),
    }),
    figure({
      section,
      name: 'search-index.json, gzip',
      value: searchIndexGzipBytes(builds.product.dir) / 1024,
      unit: 'KiB',
      baseline: searchIndexGzipBytes(builds.baseline.dir) / 1024,
    }),
  ];
}
