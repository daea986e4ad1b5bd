import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { readReviewPolicy } from '../docs-review-risk';
import { CANON_FILE, listDocs, loadCanon } from '../docs-rules';
import type { PageReview } from '../review-schedule';
import {
  crowdedWeekProblems,
  crowdedWeeks,
  pageReviews,
  reviewsByOwner,
  weekOf,
  weeklyLimit,
} from '../review-schedule';

const root = path.resolve(__dirname, '../..');
const canon = loadCanon();
const policy = readReviewPolicy(readFileSync(CANON_FILE, 'utf8'));
const handbook = pageReviews(listDocs(path.join(root, 'docs')), root, canon.teams, policy);
const review = (file: string, owner: string, due: string): PageReview => ({
  file,
  owner,
  lastReviewed: '2026-11-25',
  due,
});

describe('the handbook’s reviews come due in turn', () => {
  test('no week holds more than a tenth of the pages (M14)', () => {
    assert.ok(handbook.length >= 90, `${handbook.length} pages`);
    assert.deepEqual([...crowdedWeeks(handbook).keys()], []);
  });

  test('a fault planted in the handbook, every page re-dated to one day, is a crowded week on every page', () => {
    const sameDay = handbook.map((page) => ({ ...page, due: '2027-02-23' }));
    const problems = crowdedWeekProblems(sameDay);
    assert.equal(problems.size, handbook.length);
    assert.match(
      problems.get('docs/arc/security-compliance.md') ?? '',
      new RegExp(
        `^review due 2027-02-23, in the week of 2027-02-22 with ${handbook.length - 1} other pages \\(at most ${weeklyLimit(handbook.length)} a week`,
      ),
    );
  });
});

describe('the review schedule itself', () => {
  test('weeks start on Monday (UTC) and the limit is a tenth, rounded up', () => {
    assert.equal(weekOf('2027-02-23'), '2027-02-22');
    assert.equal(weekOf('2027-02-22'), '2027-02-22');
    assert.equal(weekOf('2027-02-28'), '2027-02-22');
    assert.equal(weeklyLimit(94), 10);
    assert.equal(weeklyLimit(100), 10);
    assert.equal(weeklyLimit(3), 1);
  });

  test('a week at the limit passes, one page over fails on each of its pages', () => {
    const week = Array.from({ length: 3 }, (_, index) => review(`docs/p${index}.md`, 'Data', '2027-03-03'));
    assert.deepEqual([...crowdedWeeks(week, 3).keys()], []);
    assert.deepEqual(
      [...crowdedWeeks([...week, review('docs/p3.md', 'Data', '2027-03-07')], 3).keys()],
      ['2027-03-01'],
    );
  });

  test('each team gets its overdue pages and those due within 30 days, earliest first, and every team is listed', () => {
    const reviews = [
      review('docs/b.md', 'Data', '2026-12-20'),
      review('docs/a.md', 'Data', '2026-12-01'),
      review('docs/late.md', 'Data', '2026-11-01'),
      review('docs/far.md', 'Data', '2027-01-05'),
      review('docs/edge.md', 'Reporting', '2026-12-28'),
    ];
    const owners = reviewsByOwner(reviews, ['Data', 'Reporting', 'Interop'], '2026-11-28');
    assert.deepEqual(
      owners.get('Data')?.dueSoon.map(({ file }) => file),
      ['docs/a.md', 'docs/b.md'],
    );
    assert.deepEqual(
      owners.get('Data')?.overdue.map(({ file }) => file),
      ['docs/late.md'],
    );
    assert.deepEqual(
      owners.get('Reporting')?.dueSoon.map(({ file }) => file),
      ['docs/edge.md'],
    );
    assert.deepEqual(owners.get('Interop'), { overdue: [], dueSoon: [] });
  });
});
