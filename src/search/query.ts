/**
 * What a reader typed, as the terms to look up (src/search/terms.ts cuts the pages' text alike).
 *
 * Every word but a stop word is required: an entry must hold each, by its stem, as written, or, for
 * the last word (perhaps unfinished), as the start of a term. A word of several parts
 * ("authorize_mutation!", "phq9.v2.json") requires each part and counts more where it is written
 * whole; two words written apart ("on call") count more where they are written as one ("on-call",
 * "oncall").
 */
import { chunksOf, compactOf, isStopWord, partsOf, stemOf } from './terms';

/** One way a clause is met: a term, or (prefix) any term it starts, counted `factor` times its weight. */
export type Alternative = { term: string; prefix: boolean; factor: number };
/** Met when any of its alternatives is; `required` clauses must all be met, the others add to the score. */
export type Clause = { alternatives: Alternative[]; required: boolean };

export type Query = {
  clauses: Clause[];
  /** The words to mark in the results' text (search-local's `tokens`). */
  tokens: string[];
  /** The whole query run together ("oncall"), for the leads (src/search/leads.ts). */
  compact: string;
};

/** A prefix shorter than this would fetch a large part of the index for little: it is looked up whole. */
export const MIN_PREFIX = 2;
const WRITTEN_WHOLE = 1.5;
const AS_PREFIX = 0.6;

function exactly(term: string, factor = 1): Alternative {
  return { term, prefix: false, factor };
}

function wholeOrStart(term: string, isLast: boolean, factor: number): Alternative[] {
  return isLast && [...term].length >= MIN_PREFIX
    ? [exactly(term, factor), { term, prefix: true, factor: factor * AS_PREFIX }]
    : [exactly(term, factor)];
}

export function parseQuery(input: string): Query {
  const chunks = chunksOf(input).filter((chunk) => partsOf(chunk).length > 0);
  const clauses: Clause[] = [];
  chunks.forEach((chunk, position) => {
    const isLastChunk = position === chunks.length - 1;
    const parts = partsOf(chunk);
    parts.forEach((part, index) => {
      if (isStopWord(part)) return;
      const isLast = isLastChunk && index === parts.length - 1;
      const stem = stemOf(part);
      clauses.push({
        required: true,
        alternatives: [...(stem === part ? [] : [exactly(stem)]), ...wholeOrStart(part, isLast, 1)],
      });
    });
    if (parts.length > 1)
      clauses.push({ required: false, alternatives: wholeOrStart(parts.join(''), isLastChunk, WRITTEN_WHOLE) });
    const next = chunks[position + 1];
    if (next !== undefined) {
      clauses.push({
        required: false,
        alternatives: wholeOrStart(compactOf(`${chunk}${next}`), position + 1 === chunks.length - 1, WRITTEN_WHOLE),
      });
    }
  });
  const tokens = [...new Set(chunks.flatMap(partsOf).filter((part) => !isStopWord(part)))];
  return { clauses, tokens, compact: compactOf(input) };
}
