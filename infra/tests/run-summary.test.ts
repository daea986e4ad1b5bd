/**
 * The run summary a deploy or rollback writes on GitHub Actions (run-summary.ts), and the page
 * list it is made from (page-changes.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pageChanges, routeOfPage } from '../page-changes';
import { deploySummary, durationOf, failureSummary, rollbackSummary, writeStepSummary } from '../run-summary';

const times = { startedAt: new Date('2026-11-27T13:00:00Z'), finishedAt: new Date('2026-11-27T13:00:41Z') };

describe('the run summary', () => {
  test('is appended to the file GITHUB_STEP_SUMMARY names, and written nowhere without it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'handbook-summary-'));
    try {
      const file = path.join(dir, 'summary.md');
      writeFileSync(file, '## Tests\n');
      assert.equal(writeStepSummary('## Deployed', { GITHUB_STEP_SUMMARY: file }), true);
      assert.equal(readFileSync(file, 'utf8'), '## Tests\n## Deployed\n');
      assert.equal(writeStepSummary('## Deployed', {}), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('lists at most 30 pages of a kind, counts the rest, and says when nothing changed', () => {
    const added = Array.from({ length: 32 }, (_, index) => `/docs/page-${String(index).padStart(2, '0')}`);
    const many = deploySummary({ url: 'https://h.example', pages: { added, changed: [], removed: [] } }, times);
    assert.match(many, /### Added \(32\)/);
    assert.match(many, /- \[\/docs\/page-29\]\(https:\/\/h\.example\/docs\/page-29\)\n- and 2 more/);
    const none = deploySummary({ url: 'https://h.example', pages: { added: [], changed: [], removed: [] } }, times);
    assert.match(none, /No page changed/);
    assert.equal(durationOf(times), '41 s');
    assert.match(rollbackSummary('https://h.example', times), /## Rolled back: https:\/\/h\.example/);
  });

  test('a failure that does not say what readers get is reported as not known, never as fine', () => {
    assert.match(failureSummary('rollback', new Error('socket hang up'), times), /meanwhile:\*\* Not known/);
  });
});

describe('page changes', () => {
  test('routes are the paths readers open; the not-found page and the record are not pages', () => {
    assert.deepEqual(
      ['index.html', 'docs/index.html', 'docs/guide.html', '404.html', '.gate/x.html', 'img/a.svg'].map(routeOfPage),
      ['/', '/docs/', '/docs/guide', null, null, null],
    );
    assert.deepEqual(pageChanges({ 'a.html': '1', 'b.html': '2' }, { 'a.html': '1', 'c.html': '3' }), {
      added: ['/c'],
      changed: [],
      removed: ['/b'],
    });
  });
});
