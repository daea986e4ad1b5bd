/**
 * Pages that stay true: every page names its owning team (a team of the System facts page) and the
 * date it was last reviewed, and is due for review again after its interval. A missing or unknown
 * owner or a malformed date fails `check:docs`; an overdue review is listed, as a warning.
 */
import matter from 'gray-matter';
import type { Finding } from './docs-finding';
import { lineOfKey } from './docs-finding';

export const DEFAULT_REVIEW_INTERVAL_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Ownership {
  owner: string;
  /** `YYYY-MM-DD`. */
  lastReviewed: string;
  reviewIntervalDays: number;
}

/**
 * The value of `key` as written in the front matter. YAML turns `2026-13-01` into a date in 2027
 * without a word, so dates are judged on the text the writer typed.
 */
function writtenValue(frontMatter: string, key: string): string | undefined {
  const line = new RegExp(`^${key}:[ \\t]*(.*)$`, 'm').exec(frontMatter);
  return line?.[1].trim().replace(/^(["'])(.*)\1$/, '$2');
}

/**
 * Why a page's front matter does not parse (a duplicated key, a bad indent), with its line within the
 * file, or nothing when it parses. Every other rule reads the front matter, so such a page gets this
 * one message instead of a stack trace.
 */
export function frontMatterProblem(source: string): { line?: number; message: string } | undefined {
  try {
    matter(source, {});
    return undefined;
  } catch (error) {
    const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
    const mark = (error as { mark?: { line?: number } }).mark;
    // The YAML parser counts from the line after the opening `---`, from 0.
    const line = typeof mark?.line === 'number' ? mark.line + 1 : undefined;
    return { line, message: `front matter does not parse: ${reason}` };
  }
}

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!parts) return false;
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The page's ownership fields, or the problems that keep it from having them. */
export function readOwnership(source: string, teams: Set<string>): { ownership?: Ownership; problems: Finding[] } {
  // Options, even none, skip gray-matter's cache: a text parsed before comes back from it without
  // its `matter` (two pages of the same text would lose their written front matter).
  const { data, matter: frontMatter } = matter(source, {});
  const problems: Finding[] = [];
  // A missing key is a fault of the page as a whole; a wrong value is on its key's line.
  const found = (key: string | undefined, message: string) =>
    problems.push({ rule: 'ownership', line: key ? lineOfKey(source, key) : undefined, message });
  const owner = typeof data.owner === 'string' ? data.owner.trim() : '';
  if (!owner) found(undefined, `front matter "owner" is missing: name one of ${[...teams].join(', ')}`);
  else if (!teams.has(owner)) {
    found('owner', `owner "${owner}" is not a team of system facts (${[...teams].join(', ')})`);
  }
  const lastReviewed = writtenValue(frontMatter, 'last_reviewed');
  if (lastReviewed === undefined) found(undefined, 'front matter "last_reviewed" is missing: the date, YYYY-MM-DD');
  else if (!isIsoDate(lastReviewed)) {
    found('last_reviewed', `last_reviewed "${lastReviewed}" is not a date written YYYY-MM-DD`);
  }
  const interval = data.review_interval_days ?? DEFAULT_REVIEW_INTERVAL_DAYS;
  if (!Number.isInteger(interval) || interval < 1) {
    found('review_interval_days', `review_interval_days "${String(interval)}" is not a whole number of days`);
  }
  if (problems.length || lastReviewed === undefined) return { problems };
  return { ownership: { owner, lastReviewed, reviewIntervalDays: interval }, problems };
}

/** When the page is next due for review, and whether `today` (`YYYY-MM-DD`) is past it. */
export function reviewDue(
  { lastReviewed, reviewIntervalDays }: Ownership,
  today: string,
): { due: string; overdue: boolean } {
  const due = new Date(Date.parse(lastReviewed) + reviewIntervalDays * DAY_MS).toISOString().slice(0, 10);
  return { due, overdue: today > due };
}
