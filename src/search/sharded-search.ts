/**
 * The handbook's search, for the search box and the search page (swapped in for search-local's
 * worker by plugins/search-shards). It reads the index in small files (src/search/index-files.ts):
 * the pages file when the reader first focuses the box, then per query the shards of the query's
 * terms and the entries of the pages it shows, each file fetched once a page load (the browser
 * keeps them for the session, gate/headers.ts). A first search downloads some tens of KiB, at 94
 * pages as at a thousand, where search-local's index of the whole handbook grew with every page.
 *
 * Searching is a few lookups and sums over small arrays, done where the UI asks for it: there is no
 * index to build in memory, and so no worker.
 */
import { fileParts, type PageEntries, type PagesFile, type ShardFile } from './index-files';
import { leadPages } from './leads';
import { parseQuery } from './query';
import { scoreEntries, ENTRY_STRIDE, type Scored } from './rank';
import { chooseResults, toSearchResults, type SearchResult } from './results';
import { searchIndexUrl } from './search-local-internals';
import { fileKey, shardOf, shardsStartingWith } from './shard-keys';

/** A prefix matching more shards than this is looked up whole: a query of two letters would fetch a large part of the index. */
const MAX_PREFIX_SHARDS = 3;

const files = new Map<string, Promise<unknown>>();

/** A file of the index, fetched once; a failed fetch is forgotten, so the next search asks again. */
function indexFile<T>(baseUrl: string, part: string): Promise<T> {
  const url = `${baseUrl}${searchIndexUrl.replace('{dir}', part)}`;
  let file = files.get(url);
  if (!file) {
    file = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`The search index file ${url} answered ${response.status}`);
      return response.json() as Promise<unknown>;
    });
    file.catch(() => files.delete(url));
    files.set(url, file);
  }
  return file as Promise<T>;
}

const pagesFile = (baseUrl: string) => indexFile<PagesFile>(baseUrl, fileParts.pages);

/** The keys of the shards a query's terms are in. */
function shardsFor(terms: { term: string; prefix: boolean }[], keys: ReadonlySet<string>): string[] {
  const wanted = new Set<string>();
  for (const { term, prefix } of terms) {
    const found = prefix ? shardsStartingWith(term, keys) : [shardOf(term, keys)];
    if (found.length > MAX_PREFIX_SHARDS) continue;
    for (const key of found) if (key) wanted.add(key);
  }
  return [...wanted];
}

/** Whether a page's URL lies in the section at `sectionPath` (`/arc` holds `/arc` and `/arc/…`). */
function isWithin(url: string, sectionPath: string): boolean {
  return url === sectionPath || url.startsWith(`${sectionPath}/`);
}

/** How many of the best pages outside the section a search from inside it offers. */
const BEST_ELSEWHERE = 2;

/**
 * From inside a section, the pages that score best for the query outside it, which the search box
 * ranks with the section's own by score: a query for an identifier another section documents
 * ("phq9.v2.json" from /data) still offers the page about it.
 */
function bestElsewhere(scored: readonly Scored[], inScope: (page: number) => boolean): number[] {
  const pages = new Set<number>();
  for (const { entry } of scored) {
    const page = Math.floor(entry / ENTRY_STRIDE);
    if (!inScope(page)) pages.add(page);
    if (pages.size === BEST_ELSEWHERE) break;
  }
  return [...pages];
}

/** How a search keeps to the section it starts in: the search box lets the pages a query names, and its best page, come from anywhere. */
export type Scope = 'leads-from-anywhere' | 'section-only';

export async function searchHandbook(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
  scope: Scope,
): Promise<SearchResult[]> {
  const pages = await pagesFile(baseUrl);
  const query = parseQuery(input);
  if (!query.compact) return [];
  const keys = new Set(pages.shards);
  const terms = query.clauses.flatMap((clause) => clause.alternatives);
  const shards = await Promise.all(
    shardsFor(terms, keys).map((key) => indexFile<ShardFile>(baseUrl, fileParts.shard(fileKey(key)))),
  );
  const scored = scoreEntries(query.clauses, shards);
  const pageScores = new Map<number, number>();
  for (const { entry, score } of scored) {
    const page = Math.floor(entry / ENTRY_STRIDE);
    pageScores.set(page, Math.max(pageScores.get(page) ?? 0, score));
  }
  const sectionPath = searchContext ? `${baseUrl}${searchContext}` : '';
  const inScope = (page: number) => !sectionPath || isWithin(pages.pages[page][0], sectionPath);
  const named = leadPages(pages, input, (page) => pageScores.get(page) ?? 0);
  const leads = scope === 'section-only' ? named.filter(inScope) : named;
  const elsewhere = new Set(scope === 'section-only' ? [] : bestElsewhere(scored, inScope));
  const placed = chooseResults(scored, { limit, leads, inScope: (page) => inScope(page) || elsewhere.has(page) });
  const shown = [...new Set(placed.filter(({ entry }) => entry > 0).map(({ page }) => page))];
  const entries = new Map(
    await Promise.all(
      shown.map(async (page) => [page, await indexFile<PageEntries>(baseUrl, fileParts.page(page))] as const),
    ),
  );
  return toSearchResults(placed, pages, (page) => entries.get(page) ?? [], query);
}

/** The pages file, which every search starts with: fetched when the reader first focuses the box. */
export async function fetchPagesFile(baseUrl: string): Promise<void> {
  await pagesFile(baseUrl);
}
