/**
 * Canon rule: each key of a sidekiq-cron schedule in a YAML block is in the schedule table of system
 * facts, with its cron line and its class.
 */
import type { Canon } from './docs-canon-facts';
import { resolveJob } from './docs-canon-facts';
import type { CodeBlock } from './docs-canon-text';
import type { Finding } from './docs-finding';

interface ScheduleEntry {
  key: string;
  /** 0-based line of its key in the block's code. */
  at: number;
  cron?: string;
  job?: string;
}

/** Each `key:` of a sidekiq-cron schedule with its `cron: "..."` and `class: "..."`. */
function scheduleEntries(code: string): ScheduleEntry[] {
  const entries: ScheduleEntry[] = [];
  for (const [at, line] of code.split('\n').entries()) {
    const key = line.match(/^([a-z0-9_]+):\s*$/);
    if (key) entries.push({ key: key[1], at });
    const entry = entries.at(-1);
    const cron = line.match(/^\s+cron:\s*["']([^"']+)["']/);
    if (entry && cron) entry.cron = cron[1];
    const job = line.match(/^\s+class:\s*["']?([A-Za-z0-9:]+)/);
    if (entry && job) entry.job = job[1];
  }
  return entries.filter((entry) => entry.cron !== undefined);
}

export function codeScheduleProblems({ language, code, line }: CodeBlock, canon: Canon): Finding[] {
  const problems: Finding[] = [];
  for (const { key, at, cron, job } of language === 'yaml' ? scheduleEntries(code) : []) {
    const found = (message: string) => problems.push({ rule: 'canon-code-schedules', line: line + at + 1, message });
    const canonical = canon.schedules.get(key);
    const scheduled = canon.scheduleClasses.get(key);
    if (canonical === undefined) {
      found(`schedule "${key}" is not in the schedule table of system facts`);
      continue;
    }
    if (canonical !== cron) found(`schedule "${key}" is "${canonical}" in system facts, not "${cron}"`);
    if (job && scheduled && resolveJob(job, canon)[0] !== scheduled) {
      found(`schedule "${key}" runs ${scheduled} in system facts, not "${job}"`);
    }
  }
  return problems;
}
