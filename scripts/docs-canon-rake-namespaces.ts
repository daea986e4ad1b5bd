/**
 * Canon rule: every task a page runs with `bin/rails` or `rake` belongs to a namespace of our rake
 * task table or to one of Rails' and gems' namespaces that system facts lists. The rule of
 * `docs-canon-rake-tasks.ts` only knows the namespaces already in the table, so without this one a
 * task in a new namespace of ours would pass unlisted.
 */
import type { Canon } from './docs-canon-facts';
import { codeBlocks } from './docs-canon-text';

/** `bin/rails x:y`, `rake x:y`, `bin/rails "x:y[1]"` and a command array `["bin/rails","x:y[1]"]`. */
const RUN_TASK = /(?:\bbin\/rails|\brake)(?:"\s*,\s*"|\s+["']?)([a-z_]+(?::[a-z_*]+)+)/g;

function tasksRun(body: string): string[] {
  const code = [...codeBlocks(body).map(({ code }) => code), ...[...body.matchAll(/`([^`\n]+)`/g)].map((m) => m[1])];
  return code.flatMap((text) => [...text.matchAll(RUN_TASK)].map((match) => match[1]));
}

export function rakeNamespaceProblems(body: string, canon: Canon): string[] {
  // A smaller canon without the table of Rails and gem namespaces (a test's) does not hold this rule.
  if (canon.frameworkRakeNamespaces.size === 0) return [];
  const ours = new Set([...canon.rakeTasks].map((task) => task.split(':')[0]));
  const unknown = tasksRun(body).filter((task) => {
    const namespace = task.split(':')[0];
    return !ours.has(namespace) && !canon.frameworkRakeNamespaces.has(namespace);
  });
  return [...new Set(unknown)].map(
    (task) =>
      `rake task "${task}" is in a namespace neither of the rake task table nor of Rails and gems (system facts): add it to the table`,
  );
}
