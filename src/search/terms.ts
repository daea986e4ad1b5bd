/**
 * How text becomes search terms, the same at build (plugins/search-shards writes the index) and in
 * the browser (src/search/sharded-search.ts reads it): a term found in a page is found by a query
 * only when both sides cut and stem words alike.
 *
 * Text is cut at whitespace into chunks ("on-call", "authorize_mutation!", "phq9.v2.json"), and a
 * chunk into parts at anything but letters and digits. Each part is indexed by its English stem
 * (lunr's stemmer, as search-local indexed it), stop words left out; a chunk of several parts is
 * also indexed whole, as its parts run together ("oncall", "authorizemutation", "phq9v2json"), so
 * an identifier or a word written without its hyphen finds the pages that write it either way.
 */
import lunr from 'lunr';

/** Lower-case runs of text between whitespace. */
export function chunksOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/u).filter(Boolean);
}

/** The letters-and-digits parts of a chunk. */
export function partsOf(chunk: string): string[] {
  return chunk.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** A chunk's parts run together: the term an identifier or a hyphenated word is indexed under whole. */
export function compactOf(text: string): string {
  return chunksOf(text).flatMap(partsOf).join('');
}

/** English stop words ("the", "on", "of"): lunr's list, which search-local's index left out too. */
export function isStopWord(word: string): boolean {
  return !lunr.stopWordFilter(new lunr.Token(word, {}));
}

/** The English stem of a lower-case word ("deployments" → "deploy"). */
export function stemOf(word: string): string {
  return lunr.stemmer(new lunr.Token(word, {})).toString();
}

/** The terms a text is indexed under, one per occurrence (a term's count is its frequency). */
export function termsOf(text: string): string[] {
  return chunksOf(text).flatMap((chunk) => {
    const parts = partsOf(chunk);
    const stems = parts.filter((part) => !isStopWord(part)).map(stemOf);
    return parts.length > 1 ? [...stems, parts.join('')] : stems;
  });
}
