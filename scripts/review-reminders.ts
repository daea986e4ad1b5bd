/**
 * One GitHub issue per owning team listing its handbook pages overdue for review and those due within
 * 30 days; the issue is updated each run and closed once the team has none left. Run weekly by
 * `.github/workflows/review-reminders.yml` as `npm run review-reminders`, with the job's GITHUB_TOKEN.
 *
 * GitHub's REST API ("REST API endpoints for issues", docs.github.com/rest/issues/issues): "List
 * repository issues" (`GET /repos/{owner}/{repo}/issues`, paged by the `link` header) returns pull
 * requests too, told apart by their `pull_request` key; "Create an issue" (`POST`) and "Update an
 * issue" (`PATCH /repos/{owner}/{repo}/issues/{issue_number}`, `state: closed` with
 * `state_reason: completed`). A team's issue is found by the marker its body starts with, never by
 * title, which a person may edit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gitHubRest } from '../core/github-rest';
import { readReviewPolicy } from './docs-review-risk';
import { CANON_FILE, listDocs, loadCanon } from './docs-rules';
import type { OwnerReviews, PageReview } from './review-schedule';
import { pageReviews, reviewsByOwner } from './review-schedule';

export const LABEL = 'handbook-review';
export const WINDOW_DAYS = 30;

/** The first line of a team's issue, by which the next run finds it. */
export const markerOf = (team: string) => `<!-- handbook-review-reminder: ${team} -->`;

interface Issue {
  number: number;
  body?: string | null;
  pull_request?: unknown;
}

const line = ({ file, due, lastReviewed }: PageReview) =>
  `- [ ] \`${file}\`: due ${due} (last reviewed ${lastReviewed})`;

/** The issue's body: the marker, what to do, then the overdue pages and those due soon. */
export function issueBody(team: string, { overdue, dueSoon }: OwnerReviews, today: string): string {
  return [
    markerOf(team),
    `Handbook pages owned by **${team}** that are due for review, as of ${today}. Read each page against`,
    'the system, fix what has drifted, and set its `last_reviewed` to the day you did (see the writer’s guide,',
    '`docs/how-we-work/technical-documentation.md`). This issue is updated every Monday and closes itself',
    'when no page is left.',
    '',
    ...(overdue.length ? [`### Overdue (${overdue.length})`, '', ...overdue.map(line), ''] : []),
    ...(dueSoon.length ? [`### Due within ${WINDOW_DAYS} days (${dueSoon.length})`, '', ...dueSoon.map(line), ''] : []),
  ].join('\n');
}

export const issueTitle = (team: string) => `Handbook pages due for review: ${team}`;

/** Opens, updates or closes each team's issue so that it lists exactly the team's pages due. */
export async function syncReminders(
  byOwner: Map<string, OwnerReviews>,
  today: string,
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const github = gitHubRest(env, 'open the review issues');
  const open = new Map<string, Issue>();
  for (const issue of await github.list<Issue>('/issues?state=open')) {
    if (issue.pull_request) continue;
    const team = [...byOwner.keys()].find((name) => issue.body?.startsWith(markerOf(name)));
    if (team && !open.has(team)) open.set(team, issue);
  }
  const done: string[] = [];
  for (const [team, reviews] of byOwner) {
    const issue = open.get(team);
    const due = reviews.overdue.length + reviews.dueSoon.length;
    if (due === 0) {
      if (!issue) continue;
      await github.send('PATCH', `/issues/${issue.number}`, { state: 'closed', state_reason: 'completed' });
      done.push(`${team}: closed #${issue.number}, no page due`);
      continue;
    }
    const body = issueBody(team, reviews, today);
    if (issue) {
      await github.send('PATCH', `/issues/${issue.number}`, { title: issueTitle(team), body });
      done.push(`${team}: updated #${issue.number}, ${due} page(s)`);
    } else {
      await github.send('POST', '/issues', { title: issueTitle(team), body, labels: [LABEL] });
      done.push(`${team}: opened an issue, ${due} page(s)`);
    }
  }
  return done;
}

async function main(): Promise<void> {
  const root = path.resolve(CANON_FILE, '../../..');
  const canon = loadCanon();
  const policy = readReviewPolicy(readFileSync(CANON_FILE, 'utf8'));
  const today = new Date().toISOString().slice(0, 10);
  const reviews = pageReviews(listDocs(path.join(root, 'docs')), root, canon.teams, policy);
  for (const line of await syncReminders(reviewsByOwner(reviews, canon.teams, today, WINDOW_DAYS), today)) {
    console.log(line);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
