/**
 * Where a page check's message points, and how a problem is printed: for a person, and under
 * GitHub Actions as a workflow command escaped as GitHub's toolkit escapes it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { lineOf } from '../docs-locate';
import { readOwnership } from '../docs-ownership';
import { annotation, formatProblem, problemLines } from '../docs-problems';
import { checkDocText, loadCanon } from '../docs-rules';

describe('a check of the whole page points at the line of its fault', () => {
  const canon = loadCanon();
  const againstCanon = (text: string) => checkAgainstCanon(text, canon);
  const page = [
    '---',
    'title: Paging',
    'description: How paging works.',
    'owner: Operations',
    'last_reviewed: 2026-11-01',
    '---',
    '',
    '## Paging',
    '',
    'The on-call engineer answers a page for any',
    'incident. A SEV1 is acknowledged within 30 minutes, and',
    'the channel is `#eng-nowhere`.',
    '',
    'TODO: the escalation section.',
  ].join('\n');

  test('a fact of system facts, on the line where the sentence has it', () => {
    const problem = againstCanon(page).find((message) => message.startsWith('SEV1'));
    assert.ok(problem, againstCanon(page).join('\n'));
    assert.equal(lineOf(page, problem, againstCanon), 11);
    const channel = againstCanon(page).find((message) => message.includes('#eng-nowhere'));
    assert.equal(lineOf(page, channel ?? '', againstCanon), 12);
  });

  test('a front matter value, on its key; a missing key or too few words, on no line', () => {
    const ownership = (text: string) => readOwnership(text, canon.teams).problems;
    const [owner] = ownership(page);
    assert.match(owner, /^owner "Operations"/);
    assert.equal(lineOf(page, owner, ownership), 4);
    const missing = ownership(page.replace('owner: Operations\n', ''))[0];
    assert.equal(lineOf(page, missing, ownership), undefined);
    const [words] = checkDocText(page);
    assert.match(words, /words of prose/);
    assert.equal(lineOf(page, words, checkDocText), undefined);
  });

  test('a content rule, on its line', () => {
    const placeholder = checkDocText(page).find((message) => message.startsWith('placeholder'));
    assert.equal(lineOf(page, placeholder ?? '', checkDocText), 14);
  });
});

describe('a problem as printed', () => {
  const problem = { file: 'docs/a,b:c.md', line: 3, column: 7, message: '100% sure: line one\r\nline two' };

  test('for a person: file, line and column, then the message', () => {
    assert.equal(formatProblem(problem), 'docs/a,b:c.md:3:7: 100% sure: line one\r\nline two');
    assert.equal(formatProblem({ file: 'docs/a.md', message: 'm' }), 'docs/a.md: m');
  });

  test('as a GitHub annotation: %, CR and LF escaped in the message, and : and , too in a property', () => {
    assert.equal(
      annotation(problem),
      '::error file=docs/a%2Cb%3Ac.md,line=3,col=7::100%25 sure: line one%0D%0Aline two',
    );
    assert.equal(annotation({ file: 'docs/a.md', message: 'page-wide' }), '::error file=docs/a.md,line=1::page-wide');
  });

  test('annotations only under GitHub Actions', () => {
    const one = { file: 'docs/a.md', line: 2, message: 'm' };
    assert.deepEqual(problemLines([one], {}), ['docs/a.md:2: m']);
    assert.deepEqual(problemLines([one], { GITHUB_ACTIONS: 'true' }), [
      'docs/a.md:2: m',
      '::error file=docs/a.md,line=2::m',
    ]);
  });
});
