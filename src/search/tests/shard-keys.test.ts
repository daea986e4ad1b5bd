import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assignShards, fileKey, shardOf, shardsStartingWith } from '../shard-keys';

const sizes = (terms: Record<string, number>) => new Map(Object.entries(terms));

test('terms are grouped by their first two characters while a group fits', () => {
  const shards = assignShards(sizes({ code: 10, coverage: 10, claim: 10, a: 5 }), 100);
  assert.deepEqual(Object.fromEntries(shards), { code: 'co', coverage: 'co', claim: 'cl', a: 'a' });
});

test('a group too large is split by the next character, its shortest term kept apart', () => {
  const shards = assignShards(sizes({ co: 40, code: 40, coverage: 40, cover: 40 }), 100);
  assert.deepEqual(Object.fromEntries(shards), { co: 'co_', code: 'cod', coverage: 'cov', cover: 'cov' });
  const keys = new Set(shards.values());
  assert.equal(shardOf('co', keys), 'co_');
  assert.equal(shardOf('coverage', keys), 'cov');
  assert.equal(shardOf('zebra', keys), undefined);
  assert.deepEqual(shardsStartingWith('co', keys).sort(), ['co_', 'cod', 'cov']);
  assert.deepEqual(shardsStartingWith('cove', keys), ['cov']);
});

test('a key goes into a file name as [a-z0-9_] only', () => {
  assert.equal(fileKey('co_'), 'co_');
  assert.equal(fileKey('ré'), 'rxe9');
});
