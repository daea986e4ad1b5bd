/**
 * Canon rule: a queue given to a job in Ruby (`sidekiq_options queue:`, `queue_as`) or in a
 * sidekiq-cron schedule is a declared queue of system facts, and one the job's row allows.
 */
import type { Canon } from './docs-canon-facts';
import { resolveJob } from './docs-canon-facts';
import type { CodeBlock } from './docs-canon-text';
import type { Finding } from './docs-finding';

interface QueueUse {
  job: string;
  queue: string;
  /** 0-based line in the block's code. */
  at: number;
}

/** `class XJob ... sidekiq_options queue: :q` or `queue_as :q` inside one Ruby block. */
function queuesInRuby(code: string): QueueUse[] {
  const uses: QueueUse[] = [];
  let job = '';
  for (const [at, line] of code.split('\n').entries()) {
    const declared = line.match(/\bclass\s+([A-Za-z0-9:]*Job)\b/);
    if (declared) job = declared[1];
    const queue = line.match(/\b(?:sidekiq_options\s+.*\bqueue:\s*|queue_as\s+):?["']?([a-z_]+)/);
    if (queue) uses.push({ job, queue: queue[1], at });
  }
  return uses;
}

/** `class: "X"` followed by `queue: q` in a sidekiq-cron schedule. */
function queuesInSchedule(code: string): QueueUse[] {
  const uses: QueueUse[] = [];
  let job = '';
  for (const [at, line] of code.split('\n').entries()) {
    const declared = line.match(/^\s*class:\s*["']?([A-Za-z0-9:]+)["']?/);
    if (declared) job = declared[1];
    const queue = line.match(/^\s*queue:\s*["']?([a-z_]+)/);
    if (queue) uses.push({ job, queue: queue[1], at });
  }
  return uses;
}

export function codeQueueProblems({ language, code, line }: CodeBlock, canon: Canon): Finding[] {
  const problems: Finding[] = [];
  const uses = language === 'ruby' ? queuesInRuby(code) : language === 'yaml' ? queuesInSchedule(code) : [];
  for (const { job, queue, at } of uses) {
    const found = (message: string) => problems.push({ rule: 'canon-code-queues', line: line + at + 1, message });
    if (!canon.queues.has(queue)) {
      found(`queue "${queue}" is not a declared queue of system facts`);
      continue;
    }
    const [canonical] = resolveJob(job, canon);
    const allowed = canonical ? canon.jobs.get(canonical) : undefined;
    if (allowed && !allowed.has(queue)) found(`${canonical} runs on ${[...allowed].join(' or ')}, not on "${queue}"`);
  }
  return problems;
}
