/**
 * The results a search shows, in order, as search-local's search box and search page draw them:
 * the pages the query names first (src/search/leads.ts), each as its title followed by its best
 * entries for the query as branches of it; then the other pages by their best entry's score.
 */
import { KIND, TITLE_ENTRY, type PageEntries, type PagesFile } from './index-files';
import type { Query } from './query';
import { ENTRY_STRIDE, type Scored } from './rank';
import { isStopWord, stemOf } from './terms';

/** A result's place: the page, its entry (TITLE_ENTRY for the title), and how the box draws it after its title. */
export type Placed = { page: number; entry: number; branch?: 'inter' | 'last' };

export type Choice = {
  limit: number;
  /** The pages the query names, strongest first. */
  leads: number[];
  /** Whether a page that is not a lead may be shown (the section searched in). */
  inScope: (page: number) => boolean;
};

/** At most this many of a page's entries follow its title: the list still shows other pages. */
function branchesPerPage(limit: number): number {
  return limit <= 10 ? 2 : 4;
}

/** The entries to show, in order: at most `limit`, at most half of them the leads' groups. */
export function chooseResults(scored: readonly Scored[], { limit, leads, inScope }: Choice): Placed[] {
  const byPage = new Map<number, Scored[]>();
  for (const item of scored) {
    const page = Math.floor(item.entry / ENTRY_STRIDE);
    byPage.set(page, [...(byPage.get(page) ?? []), item]);
  }
  const leading = leads.slice(0, Math.ceil(limit / 2));
  const others = [...byPage.keys()].filter((page) => !leading.includes(page) && inScope(page));
  const placed: Placed[] = [];
  const branches = branchesPerPage(limit);
  for (const page of [...leading, ...others]) {
    const found = (byPage.get(page) ?? []).map(({ entry }) => entry % ENTRY_STRIDE);
    const titled = leading.includes(page) || found.includes(TITLE_ENTRY);
    const rest = found.filter((entry) => entry !== TITLE_ENTRY).slice(0, titled ? branches : 1);
    if (titled) {
      placed.push({ page, entry: TITLE_ENTRY });
      rest.forEach((entry, index) =>
        placed.push({ page, entry, branch: index === rest.length - 1 ? 'last' : 'inter' }),
      );
    } else {
      placed.push(...rest.map((entry) => ({ page, entry })));
    }
  }
  // A branch cut from its title would be drawn under another page's: cut at a whole group.
  const shown = placed.slice(0, limit);
  const last = shown.at(-1);
  if (last?.branch === 'inter') shown[shown.length - 1] = { ...last, branch: 'last' };
  return shown;
}

/** search-local's result, as its search box and search page read it. */
export type SearchResult = {
  document: { i: number; t: string; u: string; h?: string; s?: string; p?: number; b?: string[] };
  type: number;
  page: SearchResult['document'] | false;
  metadata: Record<string, { t: { position: [number, number][] } }>;
  tokens: string[];
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
};

/** Where the query's words stand in `text`, as [start, length]: what the result marks. */
export function positionsIn(text: string, query: Query): [number, number][] {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const { alternatives } of query.clauses) {
    for (const { term, prefix } of alternatives) {
      if (prefix) prefixes.push(term);
      else exact.add(term);
    }
  }
  const positions: [number, number][] = [];
  for (const chunk of text.matchAll(/\S+/gu)) {
    const whole = chunk[0].toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    if (whole && chunk[0].length > 1 && /[^\p{L}\p{N}]/u.test(chunk[0]) && exact.has(whole)) {
      positions.push([chunk.index, chunk[0].length]);
      continue;
    }
    for (const part of chunk[0].matchAll(/[\p{L}\p{N}]+/gu)) {
      const word = part[0].toLowerCase();
      if (isStopWord(word)) continue;
      if (exact.has(word) || exact.has(stemOf(word)) || prefixes.some((prefix) => word.startsWith(prefix))) {
        positions.push([chunk.index + part.index, part[0].length]);
      }
    }
  }
  // search-local's marking needs one position at least; an empty one marks nothing.
  return positions.length ? positions : [[0, 0]];
}

/** The results as search-local draws them, from the chosen places and the entries of their pages. */
export function toSearchResults(
  placed: readonly Placed[],
  pages: PagesFile,
  entriesOf: (page: number) => PageEntries,
  query: Query,
): SearchResult[] {
  const titleOf = (page: number): SearchResult['document'] => {
    const [u, t, b] = pages.pages[page];
    return { i: page * ENTRY_STRIDE, t, u, b };
  };
  return placed.map(({ page, entry, branch }) => {
    const metadataFor = (text: string) => ({ query: { t: { position: positionsIn(text, query) } } });
    const tree = { isInterOfTree: branch === 'inter', isLastOfTree: branch === 'last' };
    if (entry === TITLE_ENTRY) {
      const document = titleOf(page);
      return {
        document,
        type: KIND.title,
        page: false,
        metadata: metadataFor(document.t),
        tokens: query.tokens,
        ...tree,
      };
    }
    const [kind, t, h, heading] = entriesOf(page)[entry - 1];
    const title = titleOf(page);
    const document = { i: page * ENTRY_STRIDE + entry, t, u: title.u, h, s: heading || title.t, p: title.i };
    return { document, type: kind, page: title, metadata: metadataFor(t), tokens: query.tokens, ...tree };
  });
}
