/** Canon rule: every `...Job` class a page names is one job of the job table of system facts. */
import type { Canon } from './docs-canon-facts';
import { resolveJob } from './docs-canon-facts';
import { JOB_NAME, NOT_JOBS } from './docs-canon-text';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

export function jobNameProblems(body: string, canon: Canon): Finding[] {
  const problems: Finding[] = [];
  for (const { 0: name, index } of body.matchAll(JOB_NAME)) {
    if (NOT_JOBS.has(name)) continue;
    const matches = resolveJob(name, canon);
    const found = (message: string) => problems.push({ rule: 'canon-job-names', line: lineAt(body, index), message });
    if (matches.length === 0) found(`job "${name}" is not in the job table of system facts`);
    if (matches.length > 1) found(`job "${name}" is ambiguous: name it in full`);
  }
  return problems;
}
