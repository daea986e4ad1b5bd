import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_OUTSIDE_TITLES, mergeSectionAndTitles, titlesWithin } from '../merge-results';
import type { SearchResult } from '../merge-results';

const title = (i: number, u: string): SearchResult => ({ document: { i, u }, type: 0, page: false });
const heading = (i: number, page: number): SearchResult => ({
  document: { i, u: `/arc/p${page}` },
  type: 1,
  page: { i: page },
});
const content = (i: number, page: number): SearchResult => ({
  document: { i, u: `/arc/p${page}` },
  type: 4,
  page: { i: page },
});
const ids = (results: SearchResult[]) => results.map((result) => result.document.i);

test('a page titled with the query elsewhere is offered after the section’s titled pages', () => {
  const section = [title(1, '/arc/a'), heading(2, 1), content(3, 1), content(4, 9)];
  const titles = [title(1, '/arc/a'), title(50, '/how-we-work/engineering-on-call')];
  assert.deepEqual(ids(mergeSectionAndTitles(section, titles, '/arc', 8)), [1, 2, 3, 50, 4]);
});

test('with no titled page in the section, titles from elsewhere come first', () => {
  const section = [content(3, 1), content(4, 9)];
  assert.deepEqual(ids(mergeSectionAndTitles(section, [title(50, '/how-we-work/x')], '/arc', 8)), [50, 3, 4]);
});

test('titles inside the section are never repeated from the titles index', () => {
  const section = [content(3, 1)];
  const titles = [title(7, '/arc/other'), title(8, '/arc'), title(9, '/arch/not-arc')];
  assert.deepEqual(ids(mergeSectionAndTitles(section, titles, '/arc', 8)), [9, 3]);
});

test('the list keeps the limit, and keeps room for a few outside titles', () => {
  const section = Array.from({ length: 8 }, (_, n) => content(100 + n, 9));
  const titles = Array.from({ length: 6 }, (_, n) => title(200 + n, `/data/p${n}`));
  const merged = mergeSectionAndTitles(section, titles, '/arc', 8);
  assert.equal(merged.length, 8);
  assert.equal(merged.filter((result) => result.document.i >= 200).length, MAX_OUTSIDE_TITLES);
});

test('when the section finds nothing, the titles from elsewhere fill the list', () => {
  const titles = Array.from({ length: 10 }, (_, n) => title(200 + n, `/data/p${n}`));
  assert.equal(mergeSectionAndTitles([], titles, '/arc', 8).length, 8);
});

test('headings and text found in the titles index are ignored: only titles come from it', () => {
  assert.deepEqual(ids(mergeSectionAndTitles([], [heading(60, 61)], '/arc', 8)), []);
});

test('the search page keeps to its section: only the titles within it, all of them for the whole handbook', () => {
  const titles = [title(7, '/arc/other'), title(8, '/arc'), title(9, '/arch/not-arc'), title(10, '/data/x')];
  assert.deepEqual(ids(titlesWithin(titles, '/arc')), [7, 8]);
  assert.deepEqual(ids(titlesWithin(titles, '')), [7, 8, 9, 10]);
});
