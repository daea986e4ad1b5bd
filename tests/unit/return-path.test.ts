import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeReturnPath } from '../../src/auth/returnPath';

test('a return path is a path on this site, or nothing', () => {
  assert.equal(safeReturnPath('/arc/modules/iam/authorization-flow'), '/arc/modules/iam/authorization-flow');
  assert.equal(safeReturnPath('/search?q=claims#results'), '/search?q=claims#results');
  for (const hostile of [
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/ok\n//evil.example',
    '',
    undefined,
    42,
  ]) {
    assert.equal(safeReturnPath(hostile), null, String(hostile));
  }
});
