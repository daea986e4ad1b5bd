import assert from 'node:assert/strict';
import { test } from 'node:test';
import { titleMatches, titleMatchesFirst } from '../title-matches';
import type { SearchResult } from '../merge-results';

const title = (i: number, t: string): SearchResult => ({ document: { i, u: `/p${i}`, t }, type: 0, page: false });
const content = (i: number, page: number): SearchResult => ({
  document: { i, u: `/p${page}` },
  type: 4,
  page: { i: page },
});
const ids = (results: SearchResult[]) => results.map((result) => result.document.i);

test('a title matches when it holds the query’s words in order, the last one perhaps unfinished', () => {
  for (const query of ['on-call', 'On call', 'engineering on-call', 'engineering on-ca', 'ON–CALL']) {
    assert.equal(titleMatches('Engineering On-Call', query), true, query);
  }
  assert.equal(titleMatches('Calls', 'call'), true);
  assert.equal(titleMatches('Calls', 'on-call'), false);
  assert.equal(titleMatches('Engineering On-Call', 'call on'), false);
  assert.equal(titleMatches('Engineering On-Call', 'gineering'), false);
  assert.equal(titleMatches('Engineering On-Call', ' - '), false);
});

test('from the home page, the page titled "Engineering On-Call" comes before snippets that mention one call', () => {
  // The whole index's results for "on-call": "one" stems to "on", so snippets about one call lead.
  const whole = [content(10, 1), content(11, 2), content(12, 3), content(13, 50)];
  const titles = [title(2, 'Calls'), title(50, 'Engineering On-Call')];
  const merged = titleMatchesFirst(whole, titles, 'on-call', 8);
  // The page's title first, then its own text found, as a branch of it; then the rest in order.
  assert.deepEqual(ids(merged), [50, 13, 10, 11, 12]);
  assert.equal(merged[1].isLastOfTree, true);
  assert.equal(merged[2].isLastOfTree, undefined);
});

test('a title already among the results moves up with its branch, not repeated', () => {
  const found = [title(1, 'Calls'), content(2, 1), title(50, 'Engineering On-Call'), content(3, 50), content(4, 50)];
  const merged = titleMatchesFirst(found, [title(50, 'Engineering On-Call')], 'on-call', 8);
  assert.deepEqual(ids(merged), [50, 3, 4, 1, 2]);
  assert.deepEqual(
    merged.map((result) => [result.isInterOfTree ?? false, result.isLastOfTree ?? false]),
    [
      [false, false],
      [true, false],
      [false, true],
      [false, false],
      [false, true],
    ],
  );
});

test('copies of a page (a scaled handbook) take at most half the list; the limit holds', () => {
  const titles = Array.from({ length: 12 }, (_, n) => title(100 + n, 'Engineering On-Call'));
  const whole = Array.from({ length: 8 }, (_, n) => content(n, 200 + n));
  const merged = titleMatchesFirst(whole, titles, 'on-call', 8);
  assert.equal(merged.length, 8);
  assert.deepEqual(ids(merged).slice(0, 4), [100, 101, 102, 103]);
  assert.deepEqual(ids(merged).slice(4), [0, 1, 2, 3]);
});

test('with no title holding the query, the results keep their order', () => {
  const whole = [content(10, 1), title(2, 'Calls'), content(11, 2)];
  assert.deepEqual(ids(titleMatchesFirst(whole, [title(2, 'Calls')], 'one phone', 8)), [10, 2, 11]);
});
