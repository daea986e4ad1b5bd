/** Canon rule: a rake task of ours named in code or a code span is in the rake task table of system facts. */
import type { Canon } from './docs-canon-facts';
import { codeTexts } from './docs-canon-text';
import type { Finding } from './docs-finding';

/** Our rake tasks named in code or code spans: those in a namespace of the canon's tasks. */
function rakeTaskNames(body: string, canon: Canon): { task: string; line: number }[] {
  const namespaces = new Set([...canon.rakeTasks].map((task) => task.split(':')[0]));
  return codeTexts(body).flatMap(({ text, lineOf }) =>
    [...text.matchAll(/(?<![\w:.@-])([a-z_]+(?::[a-z_]+)+)(?![\w:.-])/g)]
      .map((match) => ({ task: match[1], line: lineOf(match.index) }))
      .filter(({ task }) => namespaces.has(task.split(':')[0])),
  );
}

export function rakeTaskProblems(body: string, canon: Canon): Finding[] {
  return rakeTaskNames(body, canon)
    .filter(
      ({ task }) => !canon.rakeTasks.has(task) && ![...canon.rakeTasks].some((known) => known.startsWith(`${task}:`)),
    )
    .map(({ task, line }) => ({
      rule: 'canon-rake-tasks',
      line,
      message: `rake task "${task}" is not in the rake task table of system facts`,
    }));
}
