import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { readCanon } from '../docs-canon-facts';
import { isIsoDate, readOwnership, reviewDue } from '../docs-ownership';
import { CANON_FILE, listDocs } from '../docs-rules';
import { messages } from './messages';

const canon = readCanon(readFileSync(CANON_FILE, 'utf8'));
const teams = new Set(['Platform', 'Reporting']);
const page = (frontMatter: string) => `---\ntitle: T\ndescription: D\n${frontMatter}---\n\nText.\n`;

describe('every handbook page names its owning team and its last review', () => {
  const docsDir = path.resolve(__dirname, '../../docs');
  for (const file of listDocs(docsDir)) {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(messages(readOwnership(readFileSync(file, 'utf8'), canon.teams).problems), []);
    });
  }
});

describe('the ownership check itself', () => {
  test('the canon lists the teams that own pages', () => {
    assert.deepEqual([...canon.teams], ['Platform', 'Care Management', 'Reporting', 'Interop', 'Data', 'Engineering']);
  });

  test('reads a page the same however often the same text is read (two pages may be alike)', () => {
    const twin = page('owner: Reporting\nlast_reviewed: 2026-11-25\n');
    assert.deepEqual(messages(readOwnership(twin, teams).problems), []);
    assert.deepEqual(messages(readOwnership(twin, teams).problems), []);
  });

  test('accepts an owner of the team table and a date, with the default interval', () => {
    assert.deepEqual(readOwnership(page('owner: Reporting\nlast_reviewed: 2026-11-25\n'), teams), {
      ownership: { owner: 'Reporting', lastReviewed: '2026-11-25', reviewIntervalDays: 180 },
      problems: [],
    });
  });

  test('refuses a missing owner, and an owner that is not a team', () => {
    assert.deepEqual(messages(readOwnership(page('last_reviewed: 2026-11-25\n'), teams).problems), [
      'front matter "owner" is missing: name one of Platform, Reporting',
    ]);
    assert.deepEqual(messages(readOwnership(page('owner: Billing\nlast_reviewed: 2026-11-25\n'), teams).problems), [
      'owner "Billing" is not a team of system facts (Platform, Reporting)',
    ]);
  });

  test('refuses a missing date, a date YAML would silently roll over, and one in another format', () => {
    assert.deepEqual(messages(readOwnership(page('owner: Platform\n'), teams).problems), [
      'front matter "last_reviewed" is missing: the date, YYYY-MM-DD',
    ]);
    assert.deepEqual(messages(readOwnership(page('owner: Platform\nlast_reviewed: 2026-13-01\n'), teams).problems), [
      'last_reviewed "2026-13-01" is not a date written YYYY-MM-DD',
    ]);
    assert.deepEqual(messages(readOwnership(page("owner: Platform\nlast_reviewed: '25/11/2026'\n"), teams).problems), [
      'last_reviewed "25/11/2026" is not a date written YYYY-MM-DD',
    ]);
    assert.equal(isIsoDate('2028-02-29'), true);
    assert.equal(isIsoDate('2026-02-29'), false);
  });

  test('refuses a review interval that is not a whole number of days', () => {
    assert.deepEqual(
      messages(
        readOwnership(page('owner: Platform\nlast_reviewed: 2026-11-25\nreview_interval_days: soon\n'), teams).problems,
      ),
      ['review_interval_days "soon" is not a whole number of days'],
    );
  });

  test('a page is overdue the day after its interval ends, and a page may set its own interval', () => {
    const { ownership } = readOwnership(page('owner: Platform\nlast_reviewed: 2026-01-01\n'), teams);
    assert.ok(ownership);
    assert.deepEqual(reviewDue(ownership, '2026-06-30'), { due: '2026-06-30', overdue: false });
    assert.deepEqual(reviewDue(ownership, '2026-07-01'), { due: '2026-06-30', overdue: true });
    const quarterly = readOwnership(
      page('owner: Platform\nlast_reviewed: 2026-01-01\nreview_interval_days: 90\n'),
      teams,
    );
    assert.ok(quarterly.ownership);
    assert.deepEqual(reviewDue(quarterly.ownership, '2026-04-02'), { due: '2026-04-01', overdue: true });
  });
});

describe('npm run check:docs', () => {
  const prose = Array.from({ length: 210 }, () => 'word').join(' ');
  const pageWith = (frontMatter: string) => `---\ntitle: T\ndescription: D\n${frontMatter}---\n\n## Part\n\n${prose}\n`;
  const run = (files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'handbook-owners-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../docs-rules.ts'), dir], {
      encoding: 'utf8',
    });
    rmSync(dir, { recursive: true, force: true });
    return { status: result.status, output: result.stdout.replaceAll(`${dir}/`, '') };
  };

  test('lists a page past its review as a warning and passes', () => {
    const { status, output } = run({ 'old.md': pageWith('owner: Data\nlast_reviewed: 2024-01-02\n') });
    assert.match(output, /^warning: old\.md: review overdue since 2024-06-30 \(Data, last reviewed 2024-01-02\)$/m);
    assert.equal(status, 0, output);
  });

  test('fails on a page without an owner, naming it', () => {
    const { status, output } = run({
      'orphan.md': pageWith('last_reviewed: 2026-11-25\n'),
      'owned.md': pageWith('owner: Data\nlast_reviewed: 2026-11-25\n'),
    });
    assert.match(output, /^orphan\.md: front matter "owner" is missing/m);
    assert.doesNotMatch(output, /^owned\.md/m);
    assert.equal(status, 1, output);
  });

  test('names a page whose front matter does not parse, on its line, instead of stopping with a stack trace', () => {
    const { status, output } = run({
      'twice.md': pageWith('owner: Data\nowner: Data\nlast_reviewed: 2026-11-25\n'),
      'owned.md': pageWith('owner: Data\nlast_reviewed: 2026-11-25\n'),
    });
    assert.match(output, /^twice\.md:5: front matter does not parse: duplicated mapping key \(front-matter\)$/m);
    assert.doesNotMatch(output, /YAMLException|^\s+at /m);
    assert.doesNotMatch(output, /^owned\.md/m);
    assert.equal(status, 1, output);
  });
});
