/**
 * The search of the navbar's search box (swapped in for search-local's by plugins/search-shards).
 * Inside a section it shows the section's results, after the pages the query names wherever they
 * are (src/search/leads.ts): from /arc, "oncall" still offers Engineering On-Call first. "See all
 * results within/outside" go to the search page, whose search keeps to the section it names.
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
  return searchHandbook(baseUrl, searchContext, input, limit, 'leads-from-anywhere');
}
