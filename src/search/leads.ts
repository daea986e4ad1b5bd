/**
 * The pages a query names, which lead the results wherever the search starts (issue 46, newcomer
 * review 4, friction 6). A text search ranks entries by the words they share with the query, so a
 * page that mentions "PHI" in four headings outranks the page that says what PHI is. A page leads
 * when, in this order:
 * 1. its title is the query, stop words and punctuation aside ("authorize_mutation!" names
 *    "Authorize a Mutation", "ecs deployments" names "ECS Deployments");
 * 2. it defines the query as an acronym ("PHI", "CCM"; plugins/search-shards/acronyms.ts);
 * 3. its title holds the query from the start of a word, spaces and hyphens aside, the query's
 *    end perhaps unfinished ("oncall", "on call" and "on-ca" in "Engineering On-Call").
 */
import type { PagesFile } from './index-files';
import { chunksOf, compactOf, isStopWord, partsOf } from './terms';

/** A title or query's words but stop words, run together: "Authorize a Mutation" → "authorizemutation". */
function significant(text: string): string {
  return chunksOf(text)
    .flatMap(partsOf)
    .filter((part) => !isStopWord(part))
    .join('');
}

/** Whether the title's words, from one of them on and run together, start with `compact`. */
function holdsFromAWord(title: string, compact: string): boolean {
  const parts = chunksOf(title).flatMap(partsOf);
  return parts.some((_, start) => parts.slice(start).join('').startsWith(compact));
}

/** How strongly a page is named by the query: 0 its title, 1 its acronym, 2 in its title; undefined if not. */
export function leadRank(pages: PagesFile, page: number, input: string): number | undefined {
  const compact = compactOf(input);
  if (!compact) return undefined;
  const title = pages.pages[page][1];
  const wanted = significant(input);
  if (wanted && significant(title) === wanted) return 0;
  if (pages.acronyms[compact]?.includes(page)) return 1;
  if ([...compact].length >= 2 && holdsFromAWord(title, compact)) return 2;
  return undefined;
}

/**
 * The pages `input` names, strongest first; among equals, the one whose entries scored higher for
 * the query (`scoreOf`), then the shorter title.
 */
export function leadPages(pages: PagesFile, input: string, scoreOf: (page: number) => number): number[] {
  const ranked: { page: number; rank: number }[] = [];
  for (let page = 0; page < pages.pages.length; page += 1) {
    const rank = leadRank(pages, page, input);
    if (rank !== undefined) ranked.push({ page, rank });
  }
  return ranked
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        scoreOf(b.page) - scoreOf(a.page) ||
        pages.pages[a.page][1].length - pages.pages[b.page][1].length ||
        a.page - b.page,
    )
    .map(({ page }) => page);
}
