/**
 * Canon rule: a sentence about keeping data that the retention schedule lists gives the schedule's
 * period. A row named by a path prefix is held by `scripts/docs-retention-prefix.ts`.
 */
import type { Canon } from './docs-canon-facts';
import { codeSpans, periods, proseBlocks, sentences, withoutSpans } from './docs-canon-text';
import type { Finding } from './docs-finding';

export const KEEPING = /\b(?:kept|keeps?|retained|retention|purged?|deleted|expires?|expired|dropped)\b/i;

/** A sentence about keeping data that the retention schedule lists must give the schedule's period. */
export function retentionProblems(body: string, canon: Canon): Finding[] {
  const blocks = proseBlocks(body);
  const problems: Finding[] = [];
  const read = blocks.flatMap(({ text, lineOf }) => sentences(text).map((sentence) => ({ sentence, lineOf })));
  for (const { sentence, lineOf } of read) {
    const prose = withoutSpans(sentence).toLowerCase();
    if (!KEEPING.test(prose)) continue;
    const stated = periods(withoutSpans(sentence));
    if (!stated.length) continue;
    const named = new Set(codeSpans(sentence));
    // A row whose period is a reference ("like the roster file") has no number to hold a sentence to.
    const rows = canon.retention.filter(
      (row) =>
        row.periods.length > 0 &&
        (row.names.some((name) => named.has(name)) || row.phrases.some((phrase) => prose.includes(phrase))),
    );
    if (!rows.length) continue;
    const allowed = new Set(rows.flatMap((row) => row.periods));
    for (const period of stated) {
      if (!allowed.has(period)) {
        problems.push({
          rule: 'canon-retention',
          line: lineOf(sentence),
          message: `${rows.map((row) => row.data).join(', ')}: kept ${rows.map((row) => row.keptFor).join('; ')} in the retention schedule, not ${period}s`,
        });
      }
    }
  }
  return problems;
}
