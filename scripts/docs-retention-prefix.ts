/**
 * A retention row named by a path prefix holds every page that writes that prefix another way. The
 * schedule names the Availity archive `partners/availity/archive/YYYY/MM/`; a page that says
 * `partners/availity/archive/` (or `s3://sftp-exchange-production/partners/availity/archive/2026/11/`)
 * "is kept seven years" talks about the same objects, and the exact-name check of
 * `scripts/docs-canon-retention.ts` does not see it. Here a row's path is cut back to its fixed part (the
 * trailing `YYYY`, `MM`, `<...>` and `*` segments dropped) and any path on the page at or under that
 * part names the row; `<slug>` inside it stands for any partner, and the row with the most fixed
 * segments wins, so the Availity archive is held to its own 10 years, not to the general partner row.
 */
import type { Canon } from './docs-canon-facts';
import { KEEPING } from './docs-canon-retention';
import { codeSpans, periods } from './docs-canon-text';
import { withoutCodeBlocks } from './docs-fences';
import type { Finding } from './docs-finding';
import { lineAt, once } from './docs-finding';

type RetentionRow = Canon['retention'][number];

/** A placeholder segment: a date part, `<slug>`, `${var}`, `{id}` or a wildcard. */
const PLACEHOLDER = /^(?:YYYY|MM|DD|<[^>]+>|\$?\{[^}]+\}|\*)$/;

interface PrefixName {
  row: RetentionRow;
  /** The fixed part of its path, segment by segment; a placeholder matches any one segment. */
  segments: string[];
  fixed: number;
}

/** The rows named by a path, each with the fixed part of that path. */
function prefixNames(canon: Canon): PrefixName[] {
  return canon.retention.flatMap((row) =>
    row.names
      .filter((name) => name.includes('/'))
      .map((name) => {
        const segments = name.split('/').filter(Boolean);
        while (segments.length && PLACEHOLDER.test(segments.at(-1) ?? '')) segments.pop();
        return { row, segments, fixed: segments.filter((segment) => !PLACEHOLDER.test(segment)).length };
      })
      .filter(({ segments }) => segments.length > 1),
  );
}

/** Paths a sentence writes, in code spans or prose, without an `s3://bucket/` in front. */
function pathsIn(sentence: string): string[][] {
  return [...sentence.matchAll(/(?:s3:\/\/[\w.-]+\/)?((?:[\w<>${}*.-]+\/)+[\w<>${}*.-]*)/g)].map((match) =>
    match[1].split('/').filter(Boolean),
  );
}

function under(path: string[], prefix: string[]): boolean {
  return (
    path.length >= prefix.length &&
    prefix.every((segment, index) => segment === path[index] || PLACEHOLDER.test(segment))
  );
}

/**
 * Paragraphs, list items and table rows of the prose, split into sentences (a table row is one), each
 * with its first line in the page.
 */
function sentences(body: string): { sentence: string; line: number }[] {
  // The front matter blanked, not cut, so that lines stay the page's.
  const text = withoutCodeBlocks(
    body.replace(/^---\n[\s\S]*?\n---\n/, (frontMatter) => frontMatter.replace(/[^\n]/g, '')),
  );
  let cursor = 0;
  return text
    .split(/\n\s*\n|\n(?=\s*(?:[-*+]|\d+\.)\s|\|)/)
    .flatMap((block) => (block.trimStart().startsWith('|') ? [block] : block.split(/(?<=[.!?])\s+(?=[A-Z`*[(])/)))
    .map((sentence) => {
      cursor = Math.max(text.indexOf(sentence, cursor), cursor);
      return { sentence, line: lineAt(text, cursor + sentence.length - sentence.trimStart().length) };
    });
}

export function retentionPrefixProblems(body: string, canon: Canon): Finding[] {
  const names = prefixNames(canon);
  const problems: Finding[] = [];
  for (const { sentence, line } of sentences(body)) {
    if (!KEEPING.test(sentence)) continue;
    const stated = periods(sentence.replace(/`[^`\n]*`/g, ' '));
    if (!stated.length) continue;
    const spans = new Set(codeSpans(sentence));
    for (const path of pathsIn(sentence)) {
      const matching = names.filter(({ segments }) => under(path, segments));
      const most = Math.max(...matching.map(({ fixed }) => fixed));
      const rows = [...new Set(matching.filter(({ fixed }) => fixed === most).map(({ row }) => row))];
      // A row named exactly is the exact-name check's, which reports it already.
      const rest = rows.filter((row) => row.periods.length && !row.names.some((name) => spans.has(name)));
      if (!rest.length) continue;
      const allowed = new Set(rest.flatMap((row) => row.periods));
      for (const period of stated.filter((period) => !allowed.has(period))) {
        problems.push({
          rule: 'retention-prefix',
          line,
          message: `${rest.map((row) => row.data).join(', ')} (${path.join('/')}/): kept ${rest.map((row) => row.keptFor).join('; ')} in the retention schedule, not ${period}s`,
        });
      }
    }
  }
  return once(problems);
}
