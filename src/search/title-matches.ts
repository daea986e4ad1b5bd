/**
 * A page whose title holds what the reader typed comes first, wherever the search starts.
 *
 * The search plugin ranks by lunr's scores, query by query, and stems words as it indexes them:
 * "on-call" is the words "on" and "call", and "one" stems to "on", so from the home page "on-call"
 * filled the list with "One … call" snippets and never offered the page "Engineering On-Call"
 * (newcomer review 3). The titles index (plugins/search-titles) finds every page whose title has
 * one of the words; of those, the ones whose title has the reader's words in the reader's order
 * are what the reader is looking for.
 */
import type { SearchResult } from './merge-results';

/** The search plugin's result types (its `SearchDocumentType`). */
const TITLE = 0;
const KEYWORDS = 3;

/** Lower-case words, split wherever a title or a query has anything but letters and digits. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether `title` holds the words of `query`, next to each other and in order; the last word may
 * be unfinished (the reader is still typing): "on-call", "On call" and "engineering on-ca" all
 * match "Engineering On-Call"; "call" matches "Calls", "on-call" does not.
 */
export function titleMatches(title: string, query: string): boolean {
  const wanted = wordsOf(query);
  const words = wordsOf(title);
  if (!wanted.length) return false;
  const last = wanted.length - 1;
  for (let start = 0; start + wanted.length <= words.length; start += 1) {
    const matches = wanted.every((word, offset) =>
      offset === last ? words[start + offset].startsWith(word) : words[start + offset] === word,
    );
    if (matches) return true;
  }
  return false;
}

/** The page a result belongs to: its own id for a page's title, its page's for a heading or text. */
function pageOf(result: SearchResult): number | undefined {
  if (result.type === TITLE) return result.document.i;
  return result.page ? result.page.i : undefined;
}

/**
 * The search box draws a heading or a line of text right after its page's title as a branch of it
 * (the plugin's `processTreeStatusOfSearchResults`, which compares objects that no longer match
 * once results from two indexes are put together): worked out again from the page ids.
 */
function withTreeBranches<T extends SearchResult>(results: T[]): T[] {
  return results.map((result, position) => {
    const plain: T = { ...result };
    delete plain.isInterOfTree;
    delete plain.isLastOfTree;
    const page = result.type === TITLE ? undefined : pageOf(result);
    const rooted =
      page !== undefined &&
      results
        .slice(0, position)
        .some((earlier) => (earlier.type === KEYWORDS ? pageOf(earlier) : earlier.document.i) === page);
    if (!rooted) return plain;
    const next = results[position + 1];
    const branchGoesOn = !!next && next.type !== TITLE && pageOf(next) === page;
    return { ...plain, ...(branchGoesOn ? { isInterOfTree: true } : { isLastOfTree: true }) };
  });
}

/**
 * `results` with the pages whose title matches the query (`titleMatches`) first, each followed by
 * the headings and text of it that `results` holds; then the rest, in their order. `titleResults`
 * come from the titles index, so a page titled with the query comes first even when `results`
 * left its title out. At most `limit` results, of which at most half are moved-up titles: the rest
 * of the list still shows where else the words appear.
 */
export function titleMatchesFirst<T extends SearchResult>(
  results: T[],
  titleResults: T[],
  query: string,
  limit: number,
): T[] {
  const firstPages = new Map<number, T>();
  for (const result of [...results, ...titleResults]) {
    if (firstPages.size >= Math.ceil(limit / 2)) break;
    const { t: title } = result.document;
    if (result.type === TITLE && title && !firstPages.has(result.document.i) && titleMatches(title, query)) {
      firstPages.set(result.document.i, result);
    }
  }
  const inFirstPages = (result: T) => {
    const page = pageOf(result);
    return page !== undefined && firstPages.has(page);
  };
  const first = [...firstPages.values()].flatMap((title) => [
    title,
    ...results.filter((result) => result.type !== TITLE && pageOf(result) === title.document.i),
  ]);
  return withTreeBranches([...first, ...results.filter((result) => !inFirstPages(result))].slice(0, limit));
}
