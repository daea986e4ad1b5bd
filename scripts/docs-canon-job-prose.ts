/**
 * Canon rule: a paragraph about one particular background job names its class in backticks, so a
 * reader can find it in Datadog or the Sidekiq UI; a job class in prose is written in backticks.
 */
import { codeSpans, JOB_NAME, NOT_JOBS, proseBlocks, withoutSpans } from './docs-canon-text';
import type { Finding } from './docs-finding';

/**
 * Phrases that speak of one particular background job, which a reader will want to find in Datadog
 * or the Sidekiq UI by its class: "the job", "this job", "the recording download job", "that job",
 * "a nightly job". Generic statements about jobs ("a job", "jobs", "every job", "the job class",
 * "the job of" meaning a task) are not matched. Jobs of other systems are exempt: a CI or GitHub
 * Actions job, a workflow, dbt, Looker, Snowflake or EventBridge job, and a server's cron job.
 */
const SPECIFIC_JOB = [
  /\b(?:the|this)\s+(?:(?!(?:the|a|an|of|and|or|to|for|in|on)\b)[\w-]+\s+){0,3}jobs?\b(?![\w-]|\s+(?:class(?:es)?|base|system|table|arguments?|ids?|queues?|of)\b)/gi,
  /\bthat\s+job\b(?![\w-]|\s+of\b)/gi,
  /\b(?:a|an|one)\s+(?:nightly|weekly|daily|hourly|monthly|scheduled|recurring|reconciliation)\s+(?:[\w-]+\s+)?jobs?\b/gi,
];
const OTHER_KINDS_OF_JOB = /\b(?:CI|GitHub Actions|Actions|workflow|dbt|Looker|Snowflake|EventBridge|cron)\s+jobs?\b/i;

/** A job class named in backticks in a block: any `...Job`, the base class included. */
function namesJob(text: string): boolean {
  return codeSpans(text).some((span) => /Job\b/.test(span));
}

export function jobProseProblems(body: string): Finding[] {
  const blocks = proseBlocks(body);
  const problems: Finding[] = [];
  for (const { heading, text, sectionNamesJob, lineOf } of blocks) {
    const prose = withoutSpans(text);
    const found = (part: string, message: string) =>
      problems.push({ rule: 'canon-job-prose', line: lineOf(part), message });
    for (const bare of prose.match(JOB_NAME) ?? []) {
      if (!NOT_JOBS.has(bare)) found(bare, `job "${bare}" in prose: write the class in backticks`);
    }
    if (namesJob(text) || sectionNamesJob) continue;
    const phrase = SPECIFIC_JOB.flatMap((pattern) => prose.match(pattern) ?? []).find(
      (match) => !OTHER_KINDS_OF_JOB.test(match),
    );
    if (phrase) {
      found(
        phrase,
        `"${phrase.replace(/\s*CODE\s*/g, ' `…` ').replace(/\s+/g, ' ')}"${heading ? ` (section "${heading}")` : ''} names no job class: name it in backticks, from the job table of system facts, in the same paragraph or section`,
      );
    }
  }
  return problems;
}
