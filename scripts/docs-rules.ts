/**
 * Content rules every handbook page must meet. Shared by the unit test and
 * `npm run check:docs -- <folder>`, which writers run while drafting.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { billedProgramProblems, readBillingConditions } from './docs-billed-programs';
import { readCanon } from './docs-canon-facts';
import { fencedBlocks, withoutCodeBlocks } from './docs-fences';
import { frontMatterProblem, readOwnership, reviewDue } from './docs-ownership';
import { pageProblems } from './docs-page-problems';
import type { Finding } from './docs-finding';
import { lineAt, lineOfKey } from './docs-finding';
import { problemLines } from './docs-problems';
import { rakeActorProblems, readActorTasks } from './docs-rake-actor';
import { retentionPrefixProblems } from './docs-retention-prefix';
import { readReviewPolicy, reviewIntervalDays, reviewRiskProblems } from './docs-review-risk';
import { crowdedWeekProblems, pageReviews } from './review-schedule';

const MIN_PROSE_WORDS = 200;
/** The page whose names, queues and jobs every other page must agree with. */
export const CANON_FILE = fileURLToPath(new URL('../docs/onboarding/system-facts.md', import.meta.url));
/** The retention schedule, the canon of how long data is kept, which system facts leaves here. */
export const RETENTION_FILE = fileURLToPath(new URL('../docs/arc/security-compliance.md', import.meta.url));
/** The billing conditions: every program we bill, its codes and its access requirement. */
export const BILLING_FILE = fileURLToPath(
  new URL('../docs/arc/modules/reporting/claims/claims-submission.md', import.meta.url),
);
const PLACEHOLDERS = /\b(lorem ipsum|TBD|TODO|FIXME|coming soon|placeholder)\b/i;

export function listDocs(dir: string): string[] {
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listDocs(full);
    return /\.mdx?$/.test(name) ? [full] : [];
  });
}

/** Words of prose: front matter, fenced code, inline code, link targets and HTML removed. */
export function proseWords(body: string): number {
  const prose = withoutCodeBlocks(body)
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/<[^>]+>/g, ' ');
  return prose.match(/[A-Za-z][A-Za-z'’-]*/g)?.length ?? 0;
}

export function countMermaid(body: string): number {
  return fencedBlocks(body).filter(({ language }) => language === 'mermaid').length;
}

export function loadCanon(): ReturnType<typeof readCanon> {
  return readCanon(readFileSync(CANON_FILE, 'utf8'), readFileSync(RETENTION_FILE, 'utf8'));
}

export function checkDoc(file: string): Finding[] {
  return checkDocText(readFileSync(file, 'utf8'));
}

/** The content rules on a page's text: a missing key, too few words or no section is a fault of the whole page. */
export function checkDocText(source: string): Finding[] {
  // Options, even none, skip gray-matter's cache: a text parsed before comes back from it without its `matter`.
  const { data, content } = matter(source, {});
  const problems: Finding[] = [];
  const found = (line: number | undefined, message: string) => problems.push({ rule: 'content', line, message });
  for (const key of ['title', 'description'] as const) {
    if (typeof data[key] !== 'string' || data[key].trim() === '') found(undefined, `front matter "${key}" is missing`);
  }
  const markdown = withoutCodeBlocks(content);
  // The body's first line in the page, so that a line of `content` is told as the page's.
  const bodyStart = source.endsWith(content) ? lineAt(source, source.length - content.length) - 1 : 0;
  const at = (index: number) => bodyStart + lineAt(markdown, index);
  const words = proseWords(content);
  if (words < MIN_PROSE_WORDS) found(undefined, `${words} words of prose, at least ${MIN_PROSE_WORDS} wanted`);
  if (!/^##\s/m.test(markdown)) found(undefined, 'no "##" section');
  const title = /^#\s/m.exec(markdown);
  if (title) found(at(title.index), 'a "#" heading: the title is the page heading');
  const placeholder = PLACEHOLDERS.exec(markdown);
  if (placeholder) found(at(placeholder.index), `placeholder text "${placeholder[0]}"`);
  return problems;
}

async function main(): Promise<void> {
  const roots = process.argv.slice(2);
  const canon = loadCanon();
  const canonMarkdown = readFileSync(CANON_FILE, 'utf8');
  const [reviewPolicy, actorTasks] = [readReviewPolicy(canonMarkdown), readActorTasks(canonMarkdown)];
  const billing = readBillingConditions(readFileSync(BILLING_FILE, 'utf8'));
  const today = new Date().toISOString().slice(0, 10);
  const files = (roots.length ? roots : ['docs']).flatMap(listDocs);
  const problems = await pageProblems(files, canon, [
    (source) => reviewRiskProblems(source, reviewPolicy),
    (source) => rakeActorProblems(source, actorTasks),
    (source) => retentionPrefixProblems(source, canon),
    (source) => billedProgramProblems(source, billing),
  ]);
  // Only the whole handbook says how many pages share a week; a folder checked while drafting does not.
  const crowded = roots.length
    ? new Map<string, string>()
    : crowdedWeekProblems(pageReviews(files, path.resolve(CANON_FILE, '../../..'), canon.teams, reviewPolicy));
  let failed = 0;
  const overdue: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const crowding = crowded.get(path.relative(path.resolve(CANON_FILE, '../../..'), file).split(path.sep).join('/'));
    const found = [
      ...(problems.get(file) ?? []),
      ...(crowding
        ? [{ file, line: lineOfKey(source, 'last_reviewed'), rule: 'review-schedule', message: crowding }]
        : []),
    ];
    if (found.length) failed += 1;
    for (const line of problemLines(found)) console.log(line);
    if (frontMatterProblem(source)) continue;
    const { ownership } = readOwnership(source, canon.teams);
    const interval = reviewIntervalDays(source, reviewPolicy);
    const review = ownership && reviewDue({ ...ownership, reviewIntervalDays: interval }, today);
    if (ownership && review?.overdue) {
      overdue.push(
        `${file}: review overdue since ${review.due} (${ownership.owner}, last reviewed ${ownership.lastReviewed})`,
      );
    }
  }
  for (const page of overdue) console.log(`warning: ${page}`);
  console.log(failed ? `${failed} page(s) need work` : 'all pages meet the content rules');
  if (overdue.length) console.log(`${overdue.length} page(s) are due for review by their owning team`);
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
