/** Canon rule: a rake task of ours named in code or a code span is in the rake task table of system facts. */
import type { Canon } from './docs-canon-facts';
import { codeBlocks } from './docs-canon-text';

/** Our rake tasks named in code or code spans: those in a namespace of the canon's tasks. */
function rakeTaskNames(body: string, canon: Canon): string[] {
  const namespaces = new Set([...canon.rakeTasks].map((task) => task.split(':')[0]));
  const code = [...codeBlocks(body).map(({ code }) => code), ...[...body.matchAll(/`([^`\n]+)`/g)].map((m) => m[1])];
  return code.flatMap((text) =>
    [...text.matchAll(/(?<![\w:.@-])([a-z_]+(?::[a-z_]+)+)(?![\w:.-])/g)]
      .map((match) => match[1])
      .filter((name) => namespaces.has(name.split(':')[0])),
  );
}

export function rakeTaskProblems(body: string, canon: Canon): string[] {
  return rakeTaskNames(body, canon)
    .filter((task) => !canon.rakeTasks.has(task) && ![...canon.rakeTasks].some((known) => known.startsWith(`${task}:`)))
    .map((task) => `rake task "${task}" is not in the rake task table of system facts`);
}
