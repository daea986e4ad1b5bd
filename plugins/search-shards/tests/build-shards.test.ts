import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildShardedIndex } from '../build-shards';
import { KIND } from '../../../src/search/index-files';

/** search-local's whole-handbook index: five parts (title, heading, description, keywords, content) of documents. */
export function pluginIndex(): string {
  const part = (documents: object[]) => ({ documents, index: { version: '2.3.9' } });
  return JSON.stringify([
    part([
      { i: 1, t: 'Security and Compliance', u: '/arc/security-compliance', b: ['Architecture'] },
      { i: 5, t: 'Engineering On-Call', u: '/how-we-work/engineering-on-call', b: ['How we work'] },
    ]),
    part([{ i: 2, t: 'What counts as PHI', u: '/arc/security-compliance', h: '#what-counts-as-phi', p: 1 }]),
    part([
      { i: 1, t: 'How we keep patient data safe.', s: 'Security and Compliance', u: '/arc/security-compliance', p: 1 },
    ]),
    part([]),
    part([
      {
        i: 3,
        t: 'We store protected health information (PHI) for patients.',
        s: 'What counts as PHI',
        u: '/arc/security-compliance',
        h: '#what-counts-as-phi',
        p: 1,
      },
      { i: 6, t: 'The on-call engineer answers pages.', s: '', u: '/how-we-work/engineering-on-call', h: '', p: 5 },
    ]),
  ]);
}

test('the pages file lists each page, the acronyms it defines and every shard', () => {
  const { pages, shards } = buildShardedIndex(pluginIndex());
  assert.deepEqual(pages.pages, [
    ['/arc/security-compliance', 'Security and Compliance', ['Architecture']],
    ['/how-we-work/engineering-on-call', 'Engineering On-Call', ['How we work']],
  ]);
  assert.deepEqual(pages.acronyms, { phi: [0] });
  assert.deepEqual(pages.shards, [...shards.keys()].sort());
});

test('a page’s entries file holds its headings, description and text, numbered from 1 as the postings name them', () => {
  const { entries, shards } = buildShardedIndex(pluginIndex());
  assert.deepEqual(entries[0], [
    [KIND.heading, 'What counts as PHI', '#what-counts-as-phi', ''],
    [KIND.description, 'How we keep patient data safe.', '', 'Security and Compliance'],
    [
      KIND.content,
      'We store protected health information (PHI) for patients.',
      '#what-counts-as-phi',
      'What counts as PHI',
    ],
  ]);
  // "phi": the heading (entry 1) and the text (entry 3) of page 0, a heading weighing more.
  const phi = shards.get('ph')?.phi ?? [];
  assert.deepEqual([phi[0], phi[1], phi[3], phi[4]], [0, 1, 0, 3]);
  assert.ok(phi[2] > phi[5], `heading ${phi[2]} against text ${phi[5]}`);
  // The title "Engineering On-Call" (entry 0 of page 1) under "oncall", written whole.
  assert.deepEqual(shards.get('on')?.oncall.slice(0, 2), [1, 0]);
});

test('shards split when they outgrow the limit, and every term is in the shard its key names', () => {
  const { shards } = buildShardedIndex(pluginIndex(), 20);
  assert.ok(shards.size > 10);
  for (const [key, shard] of shards) {
    for (const term of Object.keys(shard)) assert.ok(term.startsWith(key.replace(/_$/, '')), `${term} in ${key}`);
  }
});

test('an index of another shape stops the build, saying so', () => {
  assert.throws(() => buildShardedIndex('[]'), /not five parts of documents/);
  assert.throws(
    () =>
      buildShardedIndex(
        JSON.stringify([[], [], [], [], []].map(() => ({ documents: [{ i: 9, t: 'x', u: '/x', p: 77 }] }))),
      ),
    /entry 9 of \/x names no page title/,
  );
});
