/**
 * Canon rule: a queue given to a job in Ruby (`sidekiq_options queue:`, `queue_as`) or in a
 * sidekiq-cron schedule is a declared queue of system facts, and one the job's row allows.
 */
import type { Canon } from './docs-canon-facts';
import { resolveJob } from './docs-canon-facts';
import type { CodeBlock } from './docs-canon-text';

interface QueueUse {
  job: string;
  queue: string;
}

/** `class XJob ... sidekiq_options queue: :q` or `queue_as :q` inside one Ruby block. */
function queuesInRuby(code: string): QueueUse[] {
  const uses: QueueUse[] = [];
  let job = '';
  for (const line of code.split('\n')) {
    const declared = line.match(/\bclass\s+([A-Za-z0-9:]*Job)\b/);
    if (declared) job = declared[1];
    const queue = line.match(/\b(?:sidekiq_options\s+.*\bqueue:\s*|queue_as\s+):?["']?([a-z_]+)/);
    if (queue) uses.push({ job, queue: queue[1] });
  }
  return uses;
}

/** `class: "X"` followed by `queue: q` in a sidekiq-cron schedule. */
function queuesInSchedule(code: string): QueueUse[] {
  const uses: QueueUse[] = [];
  let job = '';
  for (const line of code.split('\n')) {
    const declared = line.match(/^\s*class:\s*["']?([A-Za-z0-9:]+)["']?/);
    if (declared) job = declared[1];
    const queue = line.match(/^\s*queue:\s*["']?([a-z_]+)/);
    if (queue) uses.push({ job, queue: queue[1] });
  }
  return uses;
}

export function codeQueueProblems({ language, code }: CodeBlock, canon: Canon): string[] {
  const problems: string[] = [];
  const uses = language === 'ruby' ? queuesInRuby(code) : language === 'yaml' ? queuesInSchedule(code) : [];
  for (const { job, queue } of uses) {
    if (!canon.queues.has(queue)) {
      problems.push(`queue "${queue}" is not a declared queue of system facts`);
      continue;
    }
    const [canonical] = resolveJob(job, canon);
    const allowed = canonical ? canon.jobs.get(canonical) : undefined;
    if (allowed && !allowed.has(queue)) {
      problems.push(`${canonical} runs on ${[...allowed].join(' or ')}, not on "${queue}"`);
    }
  }
  return problems;
}
