import assert from 'node:assert/strict';
import { test } from 'node:test';
import { destinationOf, safeReturnPath } from '../../src/auth/returnPath';

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

test('on the sign-in route the destination is the page named in returnTo, never another site', () => {
  const at = (pathname: string, search = '', hash = '') => destinationOf({ pathname, search, hash });
  assert.equal(at('/sign-in', '?returnTo=%2Farc%2Fmodules%2Fiam%3Ftab%3D2'), '/arc/modules/iam?tab=2');
  assert.equal(at('/sign-in'), '/');
  assert.equal(at('/sign-in', '?returnTo=https%3A%2F%2Fevil.example%2F'), '/');
  assert.equal(at('/sign-in', '?returnTo=%2F%2Fevil.example'), '/');
  assert.equal(at('/sign-in', '?returnTo=%2Fsign-in%3FreturnTo%3D%252Fx'), '/');
  assert.equal(at('/how-we-work/code-review', '?x=1', '#checklist'), '/how-we-work/code-review?x=1#checklist');
});

test('the section the browser kept on the sign-in URL goes with the page named in returnTo', () => {
  const at = (search: string, hash: string) => destinationOf({ pathname: '/sign-in', search, hash });
  assert.equal(at('?returnTo=%2Fhow-we-work%2Ftesting', '#what-ci-requires'), '/how-we-work/testing#what-ci-requires');
  assert.equal(at('?returnTo=%2Fhow-we-work%2Ftesting%23own', '#kept'), '/how-we-work/testing#own');
  assert.equal(at('', '#section'), '/');
  assert.equal(at('?returnTo=%2F%2Fevil.example', '#section'), '/');
});
