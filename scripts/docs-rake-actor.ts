/**
 * Every task that changes data names its operator: `Iam.act_as!` is its first line and refuses to run
 * without `ACTOR` (see "Who the audit trail names" in running remote tasks). The rake task table of
 * System facts marks those tasks by listing `ACTOR` among their arguments; this check holds every
 * `bin/rails` command of such a task shown on a page, in a code block or a code span, to carrying
 * `ACTOR=` (on the command, in an ECS override's command array, or exported earlier in the block),
 * so a reader who copies the command does not meet the refusal.
 */
import { fencedBlocks, withoutCodeBlocks } from './docs-code';
import { codeSpans } from './docs-canon-text';

/** The rake tasks whose "Arguments" cell in System facts lists `ACTOR`. */
export function readActorTasks(canonMarkdown: string): Set<string> {
  const tasks = new Set<string>();
  const lines = canonMarkdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*Rake task\s*\|/.test(line));
  if (start < 0) throw new Error('system facts: no table headed "Rake task"');
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [task, argumentsCell] = line.split('|').slice(1, 3);
    if (codeSpans(argumentsCell).includes('ACTOR')) tasks.add(codeSpans(task)[0]);
  }
  return tasks;
}

/** `bin/rails "ns:task[args]"`, `bin/rails ns:task` and `"bin/rails","ns:task[...]"` (an ECS command array). */
const RAILS_TASK = /\bbin\/rails["']?\s*(?:,\s*)?["']?([a-z_]+(?::[a-z_]+)+)/g;

/** Commands as the shell reads them: a line ending in `\` goes on with the next. */
function commandLines(code: string): string[] {
  return code.replace(/\\\n/g, ' ').split('\n');
}

/** Each write task run without `ACTOR` in `text`, where `exported` says whether the block exports one. */
function tasksWithoutActor(text: string, tasks: Set<string>, exported: boolean): string[] {
  return commandLines(text).flatMap((line) =>
    [...line.matchAll(RAILS_TASK)]
      .map((match) => match[1])
      .filter((task) => tasks.has(task) && !exported && !/\bACTOR=/.test(line)),
  );
}

export function rakeActorProblems(body: string, tasks: Set<string>): string[] {
  const found = [
    ...fencedBlocks(body).flatMap(({ code }) => tasksWithoutActor(code, tasks, /^\s*export\s+ACTOR=/m.test(code))),
    ...codeSpans(withoutCodeBlocks(body)).flatMap((span) => tasksWithoutActor(span, tasks, false)),
  ];
  return [...new Set(found)].map(
    (task) =>
      `rake task "${task}" changes data and refuses to run without ACTOR (rake task table, system facts): add ACTOR="<your work email>" to the command`,
  );
}
