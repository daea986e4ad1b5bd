/**
 * Where a page check's message points, and how a problem is printed: for a person, and under
 * GitHub Actions as a workflow command escaped as GitHub's toolkit escapes it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { readOwnership } from '../docs-ownership';
import { annotation, formatProblem, problemLines } from '../docs-problems';
import { checkDocText, loadCanon } from '../docs-rules';

describe('each rule says the line of its fault as it finds it', () => {
  const canon = loadCanon();
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
    '',
    '- A step:',
    '',
    '  ```yaml',
    '  nightly_sweep:',
    '    cron: "0 3 * * *"',
    '  ```',
  ].join('\n');

  test('a fact of system facts, on the line where the sentence has it, and in a fence inside a list item', () => {
    const found = checkAgainstCanon(page, canon);
    const on = (start: string) => found.find(({ message }) => message.startsWith(start));
    assert.deepEqual(on('SEV1'), {
      rule: 'canon-severities',
      line: 11,
      message: 'SEV1 is acknowledged within 5 minutes in system facts, not 30',
    });
    assert.equal(on('channel "#eng-nowhere"')?.line, 12);
    assert.deepEqual(on('schedule "nightly_sweep"'), {
      rule: 'canon-code-schedules',
      line: 19,
      message: 'schedule "nightly_sweep" is not in the schedule table of system facts',
    });
  });

  test('a front matter value, on its key; a missing key or too few words, on no line', () => {
    const [owner] = readOwnership(page, canon.teams).problems;
    assert.match(owner.message, /^owner "Operations"/);
    assert.deepEqual([owner.rule, owner.line], ['ownership', 4]);
    const [missing] = readOwnership(page.replace('owner: Operations\n', ''), canon.teams).problems;
    assert.deepEqual([missing.rule, missing.line], ['ownership', undefined]);
    const [words] = checkDocText(page);
    assert.match(words.message, /words of prose/);
    assert.deepEqual([words.rule, words.line], ['content', undefined]);
  });

  test('a content rule, on its line', () => {
    const placeholder = checkDocText(page).find(({ message }) => message.startsWith('placeholder'));
    assert.deepEqual(placeholder, { rule: 'content', line: 14, message: 'placeholder text "TODO"' });
  });
});

describe('a problem as printed', () => {
  const problem = { file: 'docs/a,b:c.md', line: 3, column: 7, message: '100% sure: line one\r\nline two' };

  test('for a person: file, line and column, then the message and the rule that found it', () => {
    assert.equal(formatProblem(problem), 'docs/a,b:c.md:3:7: 100% sure: line one\r\nline two');
    assert.equal(formatProblem({ file: 'docs/a.md', message: 'm' }), 'docs/a.md: m');
    assert.equal(
      formatProblem({ file: 'docs/a.md', line: 2, rule: 'content', message: 'm' }),
      'docs/a.md:2: m (content)',
    );
  });

  test('as a GitHub annotation: %, CR and LF escaped in the message, and : and , too in a property', () => {
    assert.equal(
      annotation(problem),
      '::error file=docs/a%2Cb%3Ac.md,line=3,col=7::100%25 sure: line one%0D%0Aline two',
    );
    assert.equal(annotation({ file: 'docs/a.md', message: 'page-wide' }), '::error file=docs/a.md,line=1::page-wide');
    assert.equal(
      annotation({ file: 'docs/a.md', line: 2, rule: 'canon-severities', message: 'm' }),
      '::error file=docs/a.md,line=2,title=canon-severities::m',
    );
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
