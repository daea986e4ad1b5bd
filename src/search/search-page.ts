/**
 * The search of the search page (swapped in for search-local's by plugins/search-shards). The
 * page's "Search within" names a section (`ctx`), and the reader asked for that section: every
 * result stays in it, the pages the query names first (src/search/leads.ts).
 */
import { searchHandbook } from './sharded-search';
import type { SearchResult } from './results';

export { fetchIndexesByWorker } from './sharded-search';

export function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  return searchHandbook(baseUrl, searchContext, input, limit, 'section-only');
}
