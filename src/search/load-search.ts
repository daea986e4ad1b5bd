/**
 * The search code (its stemmer is lunr's, some 30 KB), loaded when the reader first focuses the
 * search box or opens the search page rather than with every page: the box is in every page's
 * navbar, and most page views never search.
 */
import type * as ShardedSearch from './sharded-search';

export function loadSearch(): Promise<typeof ShardedSearch> {
  return import('./sharded-search');
}
