import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { retentionPrefixProblems } from '../docs-retention-prefix';
import { listDocs, loadCanon } from '../docs-rules';
import { messages } from './messages';

const canon = loadCanon();
const availity =
  'Availity archive (partners/availity/archive/): kept 10 years from receipt or sending (it mixes lines of business, so the longest period applies) in the retention schedule, not 7 years';

describe('every handbook page keeps data under a prefix as long as the schedule says', () => {
  const docsDir = path.resolve(__dirname, '../../docs');
  for (const file of listDocs(docsDir)) {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(messages(retentionPrefixProblems(readFileSync(file, 'utf8'), canon)), []);
    });
  }
});

describe('the retention prefix check itself', () => {
  const row = '| `partners/availity/archive/` | none | Every file after processing; kept seven years |\n';

  test('refuses the Availity archive kept seven years when the page writes the prefix short (M1)', () => {
    assert.deepEqual(messages(retentionPrefixProblems(row, canon)), [availity]);
    assert.deepEqual(messages(retentionPrefixProblems(row.replace('seven', 'ten'), canon)), []);
  });

  test('the exact-name check alone let it through, and does not report it twice', () => {
    assert.ok(!messages(checkAgainstCanon(row, canon)).some((problem) => problem.includes('Availity archive')));
    const exact = 'Files in `partners/availity/archive/YYYY/MM/` are kept seven years.\n';
    assert.ok(messages(checkAgainstCanon(exact, canon)).some((problem) => problem.includes('Availity archive')));
    assert.deepEqual(messages(retentionPrefixProblems(exact, canon)), []);
  });

  test('reads a deeper path, an s3:// address and prose, and the most specific row wins', () => {
    const deeper = 'Objects under s3://sftp-exchange-production/partners/availity/archive/2026/11/ are kept 7 years.\n';
    assert.deepEqual(messages(retentionPrefixProblems(deeper, canon)), [
      availity.replace('archive/)', 'archive/2026/11/)'),
    ]);
    const partner = 'A payer file in `partners/northwind_health/archive/` is kept 7 years for a commercial payer.\n';
    assert.deepEqual(messages(retentionPrefixProblems(partner, canon)), []);
    assert.equal(messages(retentionPrefixProblems(partner.replace('7 years', 'three years'), canon)).length, 1);
  });

  test('ignores a sentence that keeps nothing, and a path no row names', () => {
    assert.deepEqual(
      messages(retentionPrefixProblems('We read `partners/availity/archive/` for 7 years of history.\n', canon)),
      [],
    );
    assert.deepEqual(messages(retentionPrefixProblems('`partners/availity/incoming/` is kept 2 days.\n', canon)), []);
  });
});
