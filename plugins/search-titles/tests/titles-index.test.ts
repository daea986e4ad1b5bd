import assert from 'node:assert/strict';
import { test } from 'node:test';
import { titlesIndexOf } from '../index';

const part = (name: string) => ({
  documents: [{ i: 1, t: name, u: '/x' }],
  index: { version: '2.3.9', fields: ['t'] },
});

test('the titles index is the whole index’s first part alone, where the worker reads titles', () => {
  const whole = JSON.stringify([
    part('title'),
    part('heading'),
    part('description'),
    part('keywords'),
    part('content'),
  ]);
  assert.deepEqual(JSON.parse(titlesIndexOf(whole)), [part('title')]);
});

test('an index that does not start with a titles part stops the build, saying so', () => {
  assert.throws(() => titlesIndexOf('{}'), /does not start with its titles part/);
  assert.throws(() => titlesIndexOf('[]'), /does not start with its titles part/);
});
