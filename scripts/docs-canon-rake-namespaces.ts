/**
 * Canon rule: every task a page runs with `bin/rails` or `rake` belongs to a namespace of our rake
 * task table or to one of Rails' and gems' namespaces that system facts lists. The rule of
 * `docs-canon-rake-tasks.ts` only knows the namespaces already in the table, so without this one a
 * task in a new namespace of ours would pass unlisted.
 */
import type { Canon } from './docs-canon-facts';
import { codeTexts } from './docs-canon-text';
import type { Finding } from './docs-finding';
import { once } from './docs-finding';

/** `bin/rails x:y`, `rake x:y`, `bin/rails "x:y[1]"` and a command array `["bin/rails","x:y[1]"]`. */
const RUN_TASK = /(?:\bbin\/rails|\brake)(?:"\s*,\s*"|\s+["']?)([a-z_]+(?::[a-z_*]+)+)/g;

function tasksRun(body: string): { task: string; line: number }[] {
  return codeTexts(body).flatMap(({ text, lineOf }) =>
    [...text.matchAll(RUN_TASK)].map((match) => ({ task: match[1], line: lineOf(match.index) })),
  );
}

export function rakeNamespaceProblems(body: string, canon: Canon): Finding[] {
  // A smaller canon without the table of Rails and gem namespaces (a test's) does not hold this rule.
  if (canon.frameworkRakeNamespaces.size === 0) return [];
  const ours = new Set([...canon.rakeTasks].map((task) => task.split(':')[0]));
  const unknown = tasksRun(body).filter(({ task }) => {
    const namespace = task.split(':')[0];
    return !ours.has(namespace) && !canon.frameworkRakeNamespaces.has(namespace);
  });
  return once(
    unknown.map(({ task, line }) => ({
      rule: 'canon-rake-namespaces',
      line,
      message: `rake task "${task}" is in a namespace neither of the rake task table nor of Rails and gems (system facts): add it to the table`,
    })),
  );
}
