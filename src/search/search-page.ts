/**
 * The search of the search page (swapped in for search-local's by plugins/search-shards). The
 * page's "Search within" names a section (`ctx`), and the reader asked for that section: every
 * result stays in it, the pages the query names first (src/search/leads.ts).
 */
import type { SearchResult } from './results';
import { fetchPagesFile, searchHandbook } from './load-search';

/** What search-local's UI calls when the box is first focused, and when the search page opens. */
export async function fetchIndexesByWorker(baseUrl: string): Promise<void> {
  await fetchPagesFile(baseUrl);
}

export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  return searchHandbook(baseUrl, searchContext, input, limit, 'section-only');
}
