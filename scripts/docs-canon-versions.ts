/** Canon rule: a version of our software stated in prose is the one system facts gives. */
import type { Canon } from './docs-canon-facts';
import { proseBlocks, withoutSpans } from './docs-canon-text';
import type { Finding } from './docs-finding';

/** "PostgreSQL 15", "Ruby 3.x" in prose; "since Rails 7.0" and "(Ruby 2.7, ...)" are history, not ours. */
export function versionProblems(body: string, canon: Canon): Finding[] {
  const blocks = proseBlocks(body);
  const problems: Finding[] = [];
  for (const [software, version] of canon.versions) {
    const escaped = software.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const { text, lineOf } of blocks) {
      const prose = withoutSpans(text);
      for (const match of prose.matchAll(new RegExp(`(?<![\\w.])${escaped}\\s+(\\d+(?:\\.(?:\\d+|x))*)\\b`, 'g'))) {
        const before = prose.slice(Math.max(0, match.index - 20), match.index);
        if (/(?:since|before|until|prior to|introduced in|new in|added in|from|\()\s*$/i.test(before)) continue;
        const stated = match[1].replace(/\.x$/, '');
        if (version !== stated && !version.startsWith(`${stated}.`)) {
          problems.push({
            rule: 'canon-versions',
            line: lineOf(match[0]),
            message: `${software} is ${version} in system facts, not ${match[1]}`,
          });
        }
      }
    }
  }
  return problems;
}
