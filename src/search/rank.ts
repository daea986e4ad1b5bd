/**
 * Scores of a page's entries for a query, from the shards of its terms (src/search/query.ts says
 * which terms; plugins/search-shards/build-shards.ts weighted them).
 */
import type { ShardFile } from './index-files';
import type { Clause } from './query';

/** An entry of a page: `page * ENTRY_STRIDE + entry`, one number to key maps by. */
export const ENTRY_STRIDE = 10_000;

export type Scored = { entry: number; score: number };

/** The postings of `term`, or of every term it starts, from whichever shard holds them. */
function postingsOf(term: string, prefix: boolean, shards: readonly ShardFile[]): number[][] {
  const found: number[][] = [];
  for (const shard of shards) {
    if (!prefix) {
      if (Object.hasOwn(shard, term)) found.push(shard[term]);
      continue;
    }
    for (const [candidate, postings] of Object.entries(shard)) {
      if (candidate.startsWith(term)) found.push(postings);
    }
  }
  return found;
}

/** Each entry's best weight for one clause. */
function clauseScores(clause: Clause, shards: readonly ShardFile[]): Map<number, number> {
  const best = new Map<number, number>();
  for (const { term, prefix, factor } of clause.alternatives) {
    for (const postings of postingsOf(term, prefix, shards)) {
      for (let at = 0; at < postings.length; at += 3) {
        const entry = postings[at] * ENTRY_STRIDE + postings[at + 1];
        const score = postings[at + 2] * factor;
        if (score > (best.get(entry) ?? 0)) best.set(entry, score);
      }
    }
  }
  return best;
}

/**
 * The entries that meet every required clause, best first, each scored by the sum of its clauses'
 * weights. When no entry meets them all, those that meet the most of them: a query with one word
 * the handbook never uses still finds the pages for the others.
 */
export function scoreEntries(clauses: readonly Clause[], shards: readonly ShardFile[]): Scored[] {
  const scores = new Map<number, { score: number; met: number }>();
  for (const clause of clauses) {
    for (const [entry, score] of clauseScores(clause, shards)) {
      const sofar = scores.get(entry) ?? { score: 0, met: 0 };
      scores.set(entry, { score: sofar.score + score, met: sofar.met + (clause.required ? 1 : 0) });
    }
  }
  const required = clauses.filter((clause) => clause.required).length;
  const most = Math.max(0, ...[...scores.values()].map(({ met }) => met));
  const enough = required === 0 ? 0 : Math.max(1, Math.min(required, most));
  return [...scores]
    .filter(([, { met }]) => met >= enough)
    .map(([entry, { score }]) => ({ entry, score }))
    .sort((a, b) => b.score - a.score || a.entry - b.entry);
}
