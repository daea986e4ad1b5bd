import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PagesFile } from '../index-files';
import { leadPages, leadRank } from '../leads';
import { parseQuery } from '../query';
import { scoreEntries } from '../rank';
import { chooseResults, positionsIn } from '../results';

const pages: PagesFile = {
  pages: [
    ['/arc/modules/iam/authorize-mutation', 'Authorize a Mutation', []],
    ['/how-we-work/engineering-on-call', 'Engineering On-Call', []],
    ['/arc/security-compliance', 'Security and Compliance', []],
    ['/arc/modules/comms/calls', 'Calls', []],
  ],
  acronyms: { phi: [2] },
  shards: [],
};

test('a page leads when its title is the query, punctuation and stop words aside', () => {
  for (const query of ['authorize_mutation!', 'Authorize a mutation', 'authorize mutation']) {
    assert.equal(leadRank(pages, 0, query), 0, query);
  }
});

test('a page leads when it defines the acronym, or its title holds the query from a word on', () => {
  assert.equal(leadRank(pages, 2, 'PHI'), 1);
  for (const query of ['oncall', 'on call', 'on-call', 'On-Ca', 'engineering on']) {
    assert.equal(leadRank(pages, 1, query), 2, query);
  }
  assert.equal(leadRank(pages, 1, 'gineering'), undefined);
  assert.equal(leadRank(pages, 1, 'call on'), undefined);
  assert.equal(leadRank(pages, 3, 'on-call'), undefined);
});

test('leads come strongest first, then by their entries’ score', () => {
  assert.deepEqual(
    leadPages(pages, 'call', (page) => (page === 1 ? 5 : 1)),
    [1, 3],
  );
});

test('a query requires its words, and counts a word written whole more', () => {
  const shards = [
    {
      call: [1, 0, 50, 3, 0, 60],
      oncall: [1, 0, 80],
      engin: [1, 0, 40, 0, 2, 10],
    },
  ];
  const scored = scoreEntries(parseQuery('on call').clauses, shards);
  assert.deepEqual(
    scored.map(({ entry }) => entry),
    [10_000, 30_000],
  );
  // "engineering call": only page 1's title holds both (as the stem "engin"); pages 3 and 0 hold one each.
  assert.deepEqual(
    scoreEntries(parseQuery('engineering call').clauses, shards).map(({ entry }) => entry),
    [10_000],
  );
});

test('the results show the leads as titles with their entries as branches, then the other pages', () => {
  const scored = [
    { entry: 30_002, score: 90 },
    { entry: 20_001, score: 50 },
    { entry: 20_004, score: 40 },
    { entry: 20_007, score: 30 },
  ];
  assert.deepEqual(chooseResults(scored, { limit: 8, leads: [2], inScope: () => true }), [
    { page: 2, entry: 0 },
    { page: 2, entry: 1, branch: 'inter' },
    { page: 2, entry: 4, branch: 'last' },
    { page: 3, entry: 2 },
  ]);
  // From a section: a lead from anywhere, the rest from the section only.
  assert.deepEqual(chooseResults(scored, { limit: 8, leads: [2], inScope: (page) => page === 2 }).length, 3);
  assert.deepEqual(chooseResults(scored, { limit: 2, leads: [2], inScope: () => true }), [
    { page: 2, entry: 0 },
    { page: 2, entry: 1, branch: 'last' },
  ]);
});

test('the query’s words are marked where the text has them, by stem, start or as written', () => {
  const query = parseQuery('deploy authorize_mutation!');
  const text = 'Deployments call authorize_mutation! first';
  assert.deepEqual(positionsIn(text, query), [
    [0, 11],
    [17, 19],
  ]);
  assert.deepEqual(positionsIn('nothing here', query), [[0, 0]]);
});
