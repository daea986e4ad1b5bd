/**
 * When each handbook page falls due for review, from its front matter (`owner`, `last_reviewed`,
 * `risk`, `review_interval_days`) and the review interval table of System facts. Two uses: the
 * owner reminders (`scripts/review-reminders.ts`) list each team's pages due soon or overdue, and
 * `check:docs` refuses a week in which more than about a tenth of the pages fall due, so reviews come
 * in turn instead of as a cliff that turns review into re-stamping.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frontMatterProblem, readOwnership, reviewDue } from './docs-ownership';
import type { ReviewPolicy } from './docs-review-risk';
import { reviewIntervalDays } from './docs-review-risk';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PageReview {
  /** The page's path from the repository root, `docs/...`. */
  file: string;
  owner: string;
  lastReviewed: string;
  /** `YYYY-MM-DD`. */
  due: string;
}

/** Each page's review, for pages whose ownership reads cleanly (the others fail `check:docs` anyway). */
export function pageReviews(files: string[], root: string, teams: Set<string>, policy: ReviewPolicy): PageReview[] {
  return files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    if (frontMatterProblem(source)) return [];
    const { ownership } = readOwnership(source, teams);
    if (!ownership) return [];
    const interval = reviewIntervalDays(source, policy);
    const { due } = reviewDue({ ...ownership, reviewIntervalDays: interval }, ownership.lastReviewed);
    const name = path.relative(root, file).split(path.sep).join('/');
    return [{ file: name, owner: ownership.owner, lastReviewed: ownership.lastReviewed, due }];
  });
}

/** The Monday (UTC) of the week a `YYYY-MM-DD` date falls in. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** At most about a tenth of the pages may fall due in one week: a tenth, rounded up. */
export function weeklyLimit(pages: number): number {
  return Math.max(1, Math.ceil(pages / 10));
}

/** The weeks (by their Monday) in which more pages fall due than the limit, with those pages. */
export function crowdedWeeks(reviews: PageReview[], limit = weeklyLimit(reviews.length)): Map<string, PageReview[]> {
  const byWeek = new Map<string, PageReview[]>();
  for (const review of reviews) {
    const week = weekOf(review.due);
    byWeek.set(week, [...(byWeek.get(week) ?? []), review]);
  }
  return new Map([...byWeek].filter(([, pages]) => pages.length > limit));
}

/** The messages of `check:docs` for crowded weeks, one per page, on that page. */
export function crowdedWeekProblems(reviews: PageReview[]): Map<string, string> {
  const limit = weeklyLimit(reviews.length);
  const problems = new Map<string, string>();
  for (const [week, pages] of crowdedWeeks(reviews, limit)) {
    for (const page of pages) {
      problems.set(
        page.file,
        `review due ${page.due}, in the week of ${week} with ${pages.length - 1} other pages (at most ${limit} a week, a tenth of the handbook): set a shorter review_interval_days on some of them so they come due in another week`,
      );
    }
  }
  return problems;
}

export interface OwnerReviews {
  overdue: PageReview[];
  /** Due today or within the window, not yet overdue. */
  dueSoon: PageReview[];
}

/** Each team's pages overdue on `today` and due within `windowDays` of it, earliest first; every team listed. */
export function reviewsByOwner(
  reviews: PageReview[],
  teams: Iterable<string>,
  today: string,
  windowDays = 30,
): Map<string, OwnerReviews> {
  const horizon = new Date(Date.parse(`${today}T00:00:00Z`) + windowDays * DAY_MS).toISOString().slice(0, 10);
  const byOwner = new Map<string, OwnerReviews>([...teams].map((team) => [team, { overdue: [], dueSoon: [] }]));
  const sorted = [...reviews].sort((a, b) => a.due.localeCompare(b.due) || a.file.localeCompare(b.file));
  for (const review of sorted) {
    const owner = byOwner.get(review.owner);
    if (!owner) continue;
    if (review.due < today) owner.overdue.push(review);
    else if (review.due <= horizon) owner.dueSoon.push(review);
  }
  return byOwner;
}
