/** What a reader writes into their account, as the access commands print it (security review 4, finding 5). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Account } from '../reader-accounts';
import { describeAccount } from '../reader-accounts';
import { readerReview, readersOutcome } from '../readers';
import { csvCell, printable } from '../report-text';

/** The review's payloads: RFC 5322 atext only, or a quoted local part. */
const FORMULAS = [
  "=1+2+cmd|'/Ccalc'!A0@evil.example",
  '-2+3@evil.example',
  '+1-1@evil.example',
  '@SUM(1+1)@evil.example',
  '\t=1+1@evil.example',
  '\r=1+1@evil.example',
];

const account = (email: string): Account => ({
  username: `user-${email.length}`,
  sub: '5b0c3f0e-0000-4000-8000-000000000000',
  email,
  kind: 'password',
  companyEmail: '',
  workspace: '',
  enabled: true,
  created: new Date('2026-01-05T00:00:00Z'),
});

test('a CSV cell a spreadsheet would run as a formula is quoted text behind a single quote (OWASP)', () => {
  for (const email of FORMULAS) {
    const cell = csvCell(email);
    assert.ok(cell.startsWith(`"'`), cell);
    assert.equal(cell.slice(2, -1).replaceAll('""', '"'), email);
  }
  assert.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvCell('plain@handbook.local'), 'plain@handbook.local');
  assert.equal(csvCell('a,b'), '"a,b"');
});

test('readers --csv: no row begins with a formula, whatever the emails', () => {
  const rows = readerReview(FORMULAS.map(account), [], ['handbook.local']);
  const lines = readersOutcome(rows, true, 'handbook-readers').lines;
  assert.equal(lines.length, FORMULAS.length + 1);
  for (const line of lines.slice(1)) assert.doesNotMatch(line, /^"?[=+\-@\t\r]/, line);
  assert.equal(lines.filter((line) => line.startsWith(`"'`)).length, 4, 'the four printable formulas behind a quote');
});

test('text reports print control characters escaped: no forged line, no terminal escape', () => {
  const forged = 'x@evil.example\n  look at: nothing@handbook.local';
  const erasing = '\u001b[2K\u001b[1Aa@evil.example';
  const rows = readerReview(
    [account(forged), account(erasing), account('bidi\u202e@evil.example')],
    [],
    ['handbook.local'],
  );
  const { lines } = readersOutcome(rows, false, 'handbook-readers');
  const text = lines.join('\n');
  // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
  assert.doesNotMatch(text.replaceAll('\n', ''), /[\u0000-\u001f\u007f-\u009f\u202e]/);
  assert.equal(
    lines.filter((line) => line.startsWith('  look at:')).length,
    3,
    'one flags line per reader, none forged',
  );
  assert.ok(text.includes('x@evil.example\\x0a  look at: nothing@handbook.local'));
  assert.ok(text.includes('\\x1b[2K\\x1b[1Aa@evil.example'));
  assert.ok(describeAccount(account(erasing)).startsWith('\\x1b[2K'));
  assert.equal(printable('bidi\u202e'), 'bidi\\u{202e}');
  assert.equal(printable('ordinary é'), 'ordinary é');
});
