/** Canon rule: every `...Job` class a page names is one job of the job table of system facts. */
import type { Canon } from './docs-canon-facts';
import { resolveJob } from './docs-canon-facts';
import { JOB_NAME, NOT_JOBS } from './docs-canon-text';

export function jobNameProblems(body: string, canon: Canon): string[] {
  const problems: string[] = [];
  for (const name of body.match(JOB_NAME) ?? []) {
    if (NOT_JOBS.has(name)) continue;
    const matches = resolveJob(name, canon);
    if (matches.length === 0) problems.push(`job "${name}" is not in the job table of system facts`);
    if (matches.length > 1) problems.push(`job "${name}" is ambiguous: name it in full`);
  }
  return problems;
}
