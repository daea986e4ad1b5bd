/**
 * Search from inside a section: the section's own results, plus the pages elsewhere in the handbook
 * whose title matches (src/search/search-across-sections.ts).
 */

/** The search plugin's result types (its `SearchDocumentType`): 0 is a page's title. */
const TITLE = 0;

/** The fields of a search plugin result that the merge reads; the rest passes through untouched. */
export type SearchResult = {
  document: { i: number; u: string; t?: string };
  type: number;
  page?: { i: number } | false;
  /** How the search box draws a result after its page's title (src/search/title-matches.ts). */
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
};

/** How many pages from outside the section a dropdown shows when the section has results of its own. */
export const MAX_OUTSIDE_TITLES = 3;

/**
 * The section's results (already sorted and grouped by the plugin: a page's title, then its
 * headings and text), with the titles from elsewhere inserted after the section's leading title
 * groups: a page titled with the query ranks with the section's own titled pages, above mere
 * mentions in the section's text. At most `limit` results; the outside titles keep their places
 * (up to MAX_OUTSIDE_TITLES, all of them when the section found nothing).
 */
export function mergeSectionAndTitles<T extends SearchResult>(
  sectionResults: T[],
  titleResults: T[],
  sectionPath: string,
  limit: number,
): T[] {
  const inSection = new Set(sectionResults.map((result) => result.document.i));
  const outside = titleResults
    .filter((result) => result.type === TITLE && !inSection.has(result.document.i))
    .filter((result) => !isWithin(result.document.u, sectionPath))
    .slice(0, sectionResults.length ? Math.min(MAX_OUTSIDE_TITLES, limit) : limit);
  const section = sectionResults.slice(0, limit - outside.length);

  let insertAt = 0;
  const titledPages = new Set<number>();
  for (const [position, result] of section.entries()) {
    if (result.type === TITLE) titledPages.add(result.document.i);
    else if (!result.page || !titledPages.has(result.page.i)) break;
    insertAt = position + 1;
  }
  return [...section.slice(0, insertAt), ...outside, ...section.slice(insertAt)];
}

/**
 * The titles of `titles` that lie in the section at `sectionPath`, or all of them for the whole
 * handbook (''): what the search page, which keeps to the section its reader chose, moves up.
 */
export function titlesWithin<T extends SearchResult>(titles: T[], sectionPath: string): T[] {
  return sectionPath ? titles.filter((result) => isWithin(result.document.u, sectionPath)) : titles;
}

/** Whether a page's URL lies in the section at `sectionPath` (`/arc` holds `/arc` and `/arc/…`). */
function isWithin(url: string, sectionPath: string): boolean {
  const path = url.split(/[?#]/)[0];
  return path === sectionPath || path.startsWith(`${sectionPath}/`);
}
