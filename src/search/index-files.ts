/**
 * The handbook's search index as files, written at build by plugins/search-shards and read by
 * src/search/sharded-search.ts: the browser fetches the small pages file on the first search, then
 * per query only the shards of the query's terms and the text of the pages it shows, so a first
 * search costs a few small files however large the handbook grows.
 *
 * Each file is named as search-local names a context's index, `search-index-<part>-<hash>.json`
 * with the hash of the docs: the gate and the edge serve it only to a signed-in reader and let the
 * browser keep it for the session (gate/headers.ts), and its name changes with the docs.
 */

/** The kinds of entry, numbered as search-local's `SearchDocumentType` (its UI draws each by number). */
export const KIND = { title: 0, heading: 1, description: 2, keywords: 3, content: 4 } as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

/** A page: its URL, its title and its breadcrumb (the categories above it). */
export type PageEntry = [url: string, title: string, breadcrumb: string[]];

/** The file every search starts with: the pages, the acronyms they define, and the shards there are. */
export type PagesFile = {
  pages: PageEntry[];
  /** An acronym in lower case ("phi") → the pages that define it, in page order. */
  acronyms: Record<string, number[]>;
  /** The key of every shard of terms (src/search/shard-keys.ts). */
  shards: string[];
};

/**
 * A page's entries but its title (which is in the pages file), as numbered in the postings from 1:
 * its kind, its text, the anchor it opens at (`#…`, or '') and the heading it sits under ('' for none).
 */
export type PageEntries = [kind: Kind, text: string, anchor: string, heading: string][];

/** A shard: each of its terms → postings, flat triples of page number, entry number and weight. */
export type ShardFile = Record<string, number[]>;

/** The entry number of a page's title: its other entries are numbered from 1 in its entries file. */
export const TITLE_ENTRY = 0;

/** The `{dir}` part of a file's name in search-local's `search-index{dir}-<hash>.json`. */
export const fileParts = {
  pages: '-_pages',
  shard: (key: string) => `-_t-${key}`,
  page: (page: number) => `-_p-${page}`,
};
