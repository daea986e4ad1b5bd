/**
 * The handbook's search index in small files (src/search/index-files.ts), made from the entries
 * search-local extracted from the build's pages: its whole-handbook index file, whose parts list a
 * page's title, headings, description, keywords and text.
 *
 * Each term's postings carry a weight worked out here, BM25 over the entries (the scoring lunr gave
 * search-local, k1 1.2, b 0.75) times a boost for where the term stands (a title above a heading
 * above text), so the browser adds weights and never needs the whole index to rank.
 */
import { acronymsDefinedIn } from './acronyms';
import {
  KIND,
  TITLE_ENTRY,
  type Kind,
  type PageEntries,
  type PageEntry,
  type PagesFile,
  type ShardFile,
} from '../../src/search/index-files';
import { assignShards } from '../../src/search/shard-keys';
import { termsOf } from '../../src/search/terms';

/** An entry of search-local's index: `i` its id, `t` its text, `u` its page, `h` its anchor, `s` its heading, `p` its page's title id, `b` a title's breadcrumb. */
type PluginDocument = { i: number; t: string; u: string; h?: string; s?: string; p?: number; b?: string[] };

/** How much more a term counts where it stands: a page titled with it is about it. */
const BOOST: Record<Kind, number> = {
  [KIND.title]: 6,
  [KIND.keywords]: 3,
  [KIND.heading]: 3,
  [KIND.description]: 1.5,
  [KIND.content]: 1,
};
const K1 = 1.2;
const B = 0.75;

/**
 * The most bytes of postings one shard should hold: at a thousand pages a shard is then some 20–40
 * KiB compressed, and a query of three words downloads three or four of them.
 */
export const MAX_SHARD_BYTES = 96 * 1024;

export type ShardedIndex = { pages: PagesFile; entries: PageEntries[]; shards: Map<string, ShardFile> };

/** search-local's index parts, checked for the shape this reads. */
function pluginParts(wholeIndexJson: string): PluginDocument[][] {
  const parts = JSON.parse(wholeIndexJson) as unknown;
  const valid =
    Array.isArray(parts) &&
    parts.length === 5 &&
    parts.every((part) => Array.isArray((part as { documents?: unknown } | null)?.documents));
  if (!valid) {
    throw new Error(
      'Search shards: the whole-handbook search index is not five parts of documents (title, heading, description, keywords, content): the search plugin changed its format',
    );
  }
  return (parts as { documents: PluginDocument[] }[]).map((part) => part.documents);
}

type Entry = { page: number; entry: number; kind: Kind; terms: string[] };

/** Weighted postings of every term, from the entries' terms. */
function weightedPostings(entries: Entry[]): Map<string, number[]> {
  const lengths = new Map<Kind, { total: number; count: number }>();
  const frequency = new Map<string, number>();
  for (const { kind, terms } of entries) {
    const length = lengths.get(kind) ?? { total: 0, count: 0 };
    lengths.set(kind, { total: length.total + terms.length, count: length.count + 1 });
    for (const term of new Set(terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const postings = new Map<string, number[]>();
  for (const { page, entry, kind, terms } of entries) {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    const { total, count } = lengths.get(kind) ?? { total: 1, count: 1 };
    const lengthNorm = 1 - B + (B * terms.length) / (total / count);
    for (const [term, tf] of counts) {
      const df = frequency.get(term) ?? 1;
      const idf = Math.log(1 + (entries.length - df + 0.5) / (df + 0.5));
      const weight = idf * ((tf * (K1 + 1)) / (tf + K1 * lengthNorm)) * BOOST[kind];
      const list = postings.get(term) ?? [];
      list.push(page, entry, Math.max(1, Math.round(weight * 10)));
      postings.set(term, list);
    }
  }
  return postings;
}

export function buildShardedIndex(wholeIndexJson: string, maxShardBytes = MAX_SHARD_BYTES): ShardedIndex {
  const [titles, headings, descriptions, keywords, contents] = pluginParts(wholeIndexJson);
  const pageOfTitleId = new Map(titles.map((title, page) => [title.i, page]));
  const pages: PageEntry[] = titles.map((title) => [title.u, title.t, title.b ?? []]);
  const entries: PageEntries[] = titles.map(() => []);
  const indexed: Entry[] = titles.map((title, page) => ({
    page,
    entry: TITLE_ENTRY,
    kind: KIND.title,
    terms: termsOf(title.t),
  }));
  const acronyms: Record<string, number[]> = {};

  const kinds: [Kind, PluginDocument[]][] = [
    [KIND.heading, headings],
    [KIND.description, descriptions],
    [KIND.keywords, keywords],
    [KIND.content, contents],
  ];
  for (const [kind, documents] of kinds) {
    for (const document of documents) {
      const page = pageOfTitleId.get(document.p ?? -1);
      if (page === undefined)
        throw new Error(`Search shards: entry ${document.i} of ${document.u} names no page title`);
      const anchor = document.h ?? '';
      const heading = kind === KIND.heading ? '' : (document.s ?? '');
      entries[page].push([kind, document.t, anchor, heading]);
      indexed.push({ page, entry: entries[page].length, kind, terms: termsOf(document.t) });
      for (const acronym of acronymsDefinedIn(document.t)) {
        if (!(acronyms[acronym] ?? []).includes(page)) acronyms[acronym] = [...(acronyms[acronym] ?? []), page];
      }
    }
  }

  const postings = weightedPostings(indexed);
  const termSizes = new Map([...postings].map(([term, list]) => [term, JSON.stringify(list).length + term.length + 4]));
  const shardOfTerm = assignShards(termSizes, maxShardBytes);
  const shards = new Map<string, ShardFile>();
  for (const [term, list] of [...postings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const key = shardOfTerm.get(term) as string;
    const shard = shards.get(key) ?? {};
    shard[term] = list;
    shards.set(key, shard);
  }
  return { pages: { pages, acronyms, shards: [...shards.keys()].sort() }, entries, shards };
}
