/**
 * The search of the search page (swapped in for the plugin's own by plugins/search-titles).
 *
 * The page's "Search within" names a section (`ctx`), and the reader asked for that section: its
 * results stay in it, unlike the search box's, which adds the pages elsewhere whose title matches
 * (src/search/search-across-sections.ts). A page of the section titled with the query still comes
 * first (src/search/title-matches.ts), as it does from the search box.
 */
import { titlesWithin } from './merge-results';
import { searchCombining } from './search-across-sections';
import { titleMatchesFirst } from './title-matches';

export { fetchIndexesByWorker } from './search-across-sections';

export const searchByWorker = searchCombining((found, titles, sectionPath, input, limit) =>
  titleMatchesFirst(found, titlesWithin(titles, sectionPath), input, limit),
);
