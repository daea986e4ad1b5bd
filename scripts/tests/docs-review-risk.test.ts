import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CANON_FILE, listDocs } from '../docs-rules';
import { readReviewPolicy, reviewIntervalDays, reviewRiskProblems } from '../docs-review-risk';
import { messages } from './messages';

const policy = readReviewPolicy(readFileSync(CANON_FILE, 'utf8'));
const page = (frontMatter: string) =>
  `---\ntitle: T\nowner: Reporting\nlast_reviewed: 2026-11-27\n${frontMatter}---\n\nText.\n`;

describe('every handbook page reviews as often as its risk asks', () => {
  const docsDir = path.resolve(__dirname, '../../docs');
  const files = listDocs(docsDir);
  for (const file of files) {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(messages(reviewRiskProblems(readFileSync(file, 'utf8'), policy)), []);
    });
  }

  test('the billing, safety and PHI pages fall due before any other page', () => {
    const sources = files.map((file) => readFileSync(file, 'utf8'));
    const risky = sources.filter((source) => /^risk:/m.test(source));
    const due = (source: string) =>
      Date.parse(/^last_reviewed: (\S+)$/m.exec(source)?.[1] ?? '') + reviewIntervalDays(source, policy) * 86_400_000;
    assert.ok(risky.length >= 20, `${risky.length} pages declare a risk`);
    const lastRisky = Math.max(...risky.map(due));
    const firstOther = Math.min(...sources.filter((source) => !risky.includes(source)).map(due));
    assert.ok(lastRisky < firstOther, 'a page of no risk falls due before a billing, safety or PHI page');
  });
});

describe('the review-interval check itself', () => {
  test('reads the intervals from system facts: 90 days for billing, safety and PHI, 180 for the rest', () => {
    assert.deepEqual(
      { intervals: [...policy.intervals], defaultDays: policy.defaultDays },
      {
        intervals: [
          ['billing', 90],
          ['safety', 90],
          ['phi', 90],
        ],
        defaultDays: 180,
      },
    );
  });

  test('a page of risk reviews on its risk, a page of none on the default, a shorter own interval wins', () => {
    assert.equal(reviewIntervalDays(page(''), policy), 180);
    assert.equal(reviewIntervalDays(page('risk: billing\n'), policy), 90);
    assert.equal(reviewIntervalDays(page('risk: [phi, safety]\n'), policy), 90);
    assert.equal(reviewIntervalDays(page('risk: billing\nreview_interval_days: 30\n'), policy), 30);
    assert.equal(reviewIntervalDays(page('review_interval_days: 60\n'), policy), 60);
  });

  test('refuses a billing page that sets itself the default 180 days, and an unknown risk', () => {
    assert.deepEqual(messages(reviewRiskProblems(page('risk: billing\n'), policy)), []);
    assert.deepEqual(messages(reviewRiskProblems(page('risk: billing\nreview_interval_days: 180\n'), policy)), [
      'review_interval_days 180: a page of risk billing is reviewed at least every 90 days (review intervals, system facts)',
    ]);
    assert.deepEqual(messages(reviewRiskProblems(page('review_interval_days: 365\n'), policy)), [
      'review_interval_days 365: a page is reviewed at least every 180 days (review intervals, system facts)',
    ]);
    assert.deepEqual(messages(reviewRiskProblems(page('risk: [safety, legal]\n'), policy)), [
      'risk "legal" is not one of billing, safety, phi (review intervals, system facts)',
    ]);
  });

  test('refuses a page that names the safety rule or a CCM code without declaring its risk', () => {
    const body = (frontMatter: string, text: string) =>
      `---\ntitle: T\nowner: Reporting\nlast_reviewed: 2026-11-27\n${frontMatter}---\n\n${text}\n`;
    assert.deepEqual(messages(reviewRiskProblems(body('', 'A `safety_follow_up` is due in one hour.'), policy)), [
      'the page names the safety follow-up rule (safety_follow_up, PHQ-9 item 9) but does not declare risk "safety" in its front matter (review intervals, system facts)',
    ]);
    assert.deepEqual(messages(reviewRiskProblems(body('risk: phi\n', 'We bill 99490 monthly.'), policy)), [
      'the page names a CPT code we bill (99490, 99439) but does not declare risk "billing" in its front matter (review intervals, system facts)',
    ]);
    assert.deepEqual(
      messages(reviewRiskProblems(body('risk: [safety, billing]\n', 'Item 9 and 99439.'.toLowerCase()), policy)),
      [],
    );
  });

  test('stops with a message on a canon without the table, or with a row that is not "N days"', () => {
    assert.throws(() => readReviewPolicy('| Team | Channel |\n'), /no table headed "Risk"/);
    assert.throws(
      () => readReviewPolicy('| Risk | Review interval |\n| --- | --- |\n| `billing` | quarterly |\n'),
      /review interval "quarterly" is not "N days"/,
    );
    assert.throws(
      () => readReviewPolicy('| Risk | Review interval |\n| --- | --- |\n| `billing` | 90 days |\n'),
      /no row for pages of no risk/,
    );
  });
});

describe('npm run check:docs with review risk', () => {
  test('lists a billing page as overdue 90 days after its review, not 180', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'handbook-risk-'));
    const prose = Array.from({ length: 210 }, () => 'word').join(' ');
    const body = (frontMatter: string) =>
      `---\ntitle: T\ndescription: D\nowner: Reporting\n${frontMatter}---\n\n## Part\n\n${prose}\n`;
    writeFileSync(path.join(dir, 'billing.md'), body('risk: billing\nlast_reviewed: 2026-08-01\n'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../docs-rules.ts'), dir], {
      encoding: 'utf8',
    });
    rmSync(dir, { recursive: true, force: true });
    const output = result.stdout.replaceAll(`${dir}/`, '');
    assert.match(
      output,
      /^warning: billing\.md: review overdue since 2026-10-30 \(Reporting, last reviewed 2026-08-01\)$/m,
    );
    assert.equal(result.status, 0, output);
  });
});
