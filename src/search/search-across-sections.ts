/**
 * The search of the navbar's search box and of the search page (swapped in for the plugin's own by
 * plugins/search-titles).
 *
 * Inside a section the plugin searches only that section's index, so from /arc a search for
 * "on-call" never offers the Engineering On-Call page. Fetching the whole handbook's index instead
 * would cost every section search the largest file (several MiB at scale), and the section's index
 * alone is what keeps a search cheap. So every search also fetches the small index of every page's
 * title (about 1% of the whole index): inside a section, the pages elsewhere whose title matches
 * join the section's results; everywhere, a page whose title holds the query comes first
 * (src/search/title-matches.ts). "See all results within/outside" still go to the search page,
 * whose search keeps to the section it names (src/search/search-within-section.ts).
 */
import { fetchIndexesByWorker as fetchIndex, searchByWorker as searchIndex } from './search-local-internals';
import type { SearchResult } from './merge-results';
import { mergeSectionAndTitles } from './merge-results';
import { titleMatchesFirst } from './title-matches';
import { TITLES_CONTEXT } from './titles-context';

/**
 * How many titles to ask the titles index for. The plugin keeps lunr's best few per query, and at
 * scale every copy of the handbook has a "Calls" page that outscores "Engineering On-Call" for
 * "on-call"; asking for this many keeps every page whose title has the words (about 30 from a
 * 12× handbook for "call") among those the title match is chosen from.
 */
const TITLES_CONSULTED = 100;

export async function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  await Promise.all([fetchIndex(baseUrl, searchContext), fetchIndex(baseUrl, TITLES_CONTEXT)]);
}

/** How a search puts the section's results and the titles index's together; `sectionPath` is '' for the whole handbook. */
type Combine = (
  found: SearchResult[],
  titles: SearchResult[],
  sectionPath: string,
  input: string,
  limit: number,
) => SearchResult[];

/** A search, as the plugin's UI calls it, of `searchContext`'s index (the whole handbook's when empty) and the titles index. */
export function searchCombining(combine: Combine) {
  return async (baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]> => {
    const [found, titles] = await Promise.all([
      searchIndex(baseUrl, searchContext, input, limit),
      searchIndex(baseUrl, TITLES_CONTEXT, input, Math.max(limit, TITLES_CONSULTED)),
    ]);
    return combine(found, titles, searchContext ? `${baseUrl}${searchContext}` : '', input, limit);
  };
}

export const searchByWorker = searchCombining((found, titles, sectionPath, input, limit) =>
  titleMatchesFirst(
    sectionPath ? mergeSectionAndTitles(found, titles, sectionPath, limit) : found,
    titles,
    input,
    limit,
  ),
);
