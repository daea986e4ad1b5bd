/**
 * The search code (its stemmer is lunr's, some 30 KB), loaded when the reader first focuses the
 * search box or opens the search page rather than with every page: the box is in every page's
 * navbar, and most page views never search.
 *
 * Under `npm start` no index exists (it is made from a build's pages): nothing is fetched, no
 * result comes, and the box's empty line says how to get a search (empty-template.ts).
 */
import type { SearchResult } from './results';
import type { Scope } from './sharded-search';

const INDEX_BUILT = process.env.NODE_ENV === 'production';

const loadSearch = () => import('./sharded-search');

/** The pages file, which every search starts with. */
export async function fetchPagesFile(baseUrl: string): Promise<void> {
  if (INDEX_BUILT) await (await loadSearch()).fetchPagesFile(baseUrl);
}

export async function searchHandbook(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
  scope: Scope,
): Promise<SearchResult[]> {
  return INDEX_BUILT ? (await loadSearch()).searchHandbook(baseUrl, searchContext, input, limit, scope) : [];
}
