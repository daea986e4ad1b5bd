/**
 * Every task that changes data names its operator: `Iam.act_as!` is its first line and refuses to run
 * without `ACTOR` (see "Who the audit trail names" in running remote tasks). The rake task table of
 * System facts marks those tasks by listing `ACTOR` among their arguments; this check holds every
 * `bin/rails` command of such a task shown on a page, in a code block or a code span, to carrying
 * `ACTOR=` (on the command, in an ECS override's command array, or exported earlier in the block),
 * so a reader who copies the command does not meet the refusal.
 */
import { fencedBlocks, withoutCodeBlocks } from './docs-fences';
import { codeSpans } from './docs-canon-text';
import type { Finding } from './docs-finding';
import { lineAt, once } from './docs-finding';

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

/** Commands as the shell reads them (a line ending in `\` goes on with the next), each with its first line, from 0. */
function commandLines(code: string): { command: string; at: number }[] {
  const commands: { command: string; at: number }[] = [];
  let continued = false;
  for (const [at, text] of code.split('\n').entries()) {
    const part = text.endsWith('\\') ? `${text.slice(0, -1)} ` : text;
    const previous = commands.at(-1);
    if (continued && previous) previous.command += part;
    else commands.push({ command: part, at });
    continued = text.endsWith('\\');
  }
  return commands;
}

/** Each write task run without `ACTOR` in `text`, where `exported` says whether the block exports one, with its command's line. */
function tasksWithoutActor(text: string, tasks: Set<string>, exported: boolean): { task: string; at: number }[] {
  return commandLines(text).flatMap(({ command, at }) =>
    [...command.matchAll(RAILS_TASK)]
      .map((match) => ({ task: match[1], at }))
      .filter(({ task }) => tasks.has(task) && !exported && !/\bACTOR=/.test(command)),
  );
}

export function rakeActorProblems(body: string, tasks: Set<string>): Finding[] {
  const inBlocks = fencedBlocks(body).flatMap(({ code, line }) =>
    tasksWithoutActor(code, tasks, /^\s*export\s+ACTOR=/m.test(code)).map(({ task, at }) => ({
      task,
      line: line + 1 + at,
    })),
  );
  const prose = withoutCodeBlocks(body);
  const inSpans = [...prose.matchAll(/`([^`\n]+)`/g)].flatMap((match) =>
    tasksWithoutActor(match[1], tasks, false).map(({ task }) => ({ task, line: lineAt(prose, match.index) })),
  );
  return once(
    [...inBlocks, ...inSpans].map(({ task, line }) => ({
      rule: 'rake-actor',
      line,
      message: `rake task "${task}" changes data and refuses to run without ACTOR (rake task table, system facts): add ACTOR="<your work email>" to the command`,
    })),
  );
}
