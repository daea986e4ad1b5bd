/**
 * What a deploy or rollback run tells its reader when it ends: on GitHub Actions, the run's
 * summary page (the Markdown appended to the file `GITHUB_STEP_SUMMARY` names: "Adding a job
 * summary", GitHub Actions docs); elsewhere nothing beyond the console lines. Pure but for
 * `writeStepSummary`.
 */
import { appendFileSync } from 'node:fs';
import { readersSeeOf } from './deploy-failure';
import type { PageChanges } from './page-changes';

/** Pages listed per kind of change; the rest are counted. */
const LISTED_PAGES = 30;

export interface RunTimes {
  startedAt: Date;
  finishedAt: Date;
}

/** "14 min 3 s" */
export function durationOf({ startedAt, finishedAt }: RunTimes): string {
  const seconds = Math.max(0, Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** "2026-11-27 13:02 UTC" */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function pageList(title: string, routes: string[], url: string): string[] {
  if (!routes.length) return [];
  const shown = routes.slice(0, LISTED_PAGES).map((route) => `- [${route}](${url}${route})`);
  const more = routes.length > LISTED_PAGES ? [`- and ${routes.length - LISTED_PAGES} more`] : [];
  return [`### ${title} (${routes.length})`, '', ...shown, ...more, ''];
}

export function deploySummary(result: { url: string; pages: PageChanges }, times: RunTimes): string {
  const { added, changed, removed } = result.pages;
  const unchanged = !added.length && !changed.length && !removed.length;
  return [
    `## Deployed: ${result.url}`,
    '',
    `Live since ${utc(times.finishedAt)}; the deploy took ${durationOf(times)}.`,
    '',
    unchanged
      ? 'No page changed against the build that was live before.'
      : `Against the build that was live before: ${added.length} added, ${changed.length} changed, ${removed.length} removed.`,
    '',
    ...pageList('Added', added, result.url),
    ...pageList('Changed', changed, result.url),
    ...pageList('Removed (they answer 404 now)', removed, result.url),
  ].join('\n');
}

export function rollbackSummary(url: string, times: RunTimes): string {
  return [
    `## Rolled back: ${url}`,
    '',
    `The previous build and its edge functions are live since ${utc(times.finishedAt)}; the rollback took ${durationOf(times)}.`,
    'Run the rollback workflow again to return to the build rolled back from.',
    '',
  ].join('\n');
}

/** What readers get when the failure does not say: the command stopped where nothing tells. */
const UNKNOWN_READERS =
  'Not known: the run stopped at a step that does not say. Open the handbook to check, and run it again.';

export function failureSummary(command: 'deploy' | 'rollback', error: unknown, times: RunTimes): string {
  const message = error instanceof Error ? error.message : String(error);
  return [
    `## The ${command} failed`,
    '',
    `**What readers see meanwhile:** ${readersSeeOf(error) ?? UNKNOWN_READERS}`,
    '',
    `Stopped at ${utc(times.finishedAt)}, after ${durationOf(times)}. What the command said:`,
    '',
    '```text',
    message,
    '```',
    '',
  ].join('\n');
}

/** Appends `markdown` to the run's summary when GitHub Actions names the file; true if it did. */
export function writeStepSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  appendFileSync(file, `${markdown}\n`);
  return true;
}
