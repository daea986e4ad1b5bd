/**
 * The navbar search box's search (swapped in for the plugin's own by plugins/search-titles).
 *
 * Inside a section the plugin searches only that section's index, so from /arc a search for
 * "on-call" never offers the Engineering On-Call page. Fetching the whole handbook's index instead
 * would cost every section search the largest file (several MiB at scale), and the section's index
 * alone is what keeps a search cheap. So a search inside a section fetches two files: the
 * section's index and the small index of every page's title (about 1% of the whole index), and
 * adds to the section's results the pages elsewhere whose title matches. The search page and its
 * contexts are unchanged; "See all results within/outside" still go there.
 */
import { fetchIndexesByWorker as fetchIndex, searchByWorker as searchIndex } from './search-local-internals';
import type { SearchResult } from './merge-results';
import { mergeSectionAndTitles } from './merge-results';
import { TITLES_CONTEXT } from './titles-context';

export async function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  await Promise.all([
    fetchIndex(baseUrl, searchContext),
    // Outside a section the whole handbook's index already holds every title.
    searchContext ? fetchIndex(baseUrl, TITLES_CONTEXT) : undefined,
  ]);
}

export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  if (!searchContext) return searchIndex(baseUrl, searchContext, input, limit);
  const [inSection, titles] = await Promise.all([
    searchIndex(baseUrl, searchContext, input, limit),
    searchIndex(baseUrl, TITLES_CONTEXT, input, limit),
  ]);
  return mergeSectionAndTitles(inSection, titles, `${baseUrl}${searchContext}`, limit);
}
