/** Canon rule: a path to one of the shared files of system facts is its canonical path or a shortening of it. */
import type { Canon } from './docs-canon-facts';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

/** A path to one of the canon's shared files must be its canonical path or a shortening of it from the end. */
export function fileProblems(body: string, canon: Canon): Finding[] {
  const problems: Finding[] = [];
  for (const { 0: path, index } of body.matchAll(/(?<![\w./<>-])(?:[\w<>-]+\/)+[\w.-]+\.\w+/g)) {
    const basename = path.split('/').at(-1);
    const canonical = canon.files.filter((file) => file.split('/').at(-1) === basename);
    if (canonical.length && !canonical.some((file) => file === path || file.endsWith(`/${path}`))) {
      problems.push({
        rule: 'canon-files',
        line: lineAt(body, index),
        message: `file "${path}" lives at ${canonical.join(' or ')} (system facts)`,
      });
    }
  }
  return problems;
}
