import assert from 'node:assert/strict';
import { test } from 'node:test';
import { destinationOf, safeReturnPath } from '../return-path';

test('a return path is a path on this site, or nothing', () => {
  assert.equal(safeReturnPath('/arc/modules/iam/authorization-flow'), '/arc/modules/iam/authorization-flow');
  assert.equal(safeReturnPath('/search?q=claims#results'), '/search?q=claims#results');
  assert.equal(safeReturnPath('/search?q=a%2Fb'), '/search?q=a%2Fb');
  for (const hostile of ['https://evil.example/', '\\\\evil.example', '', undefined, 42, null, {}]) {
    assert.equal(safeReturnPath(hostile), null, String(hostile));
  }
});

test('every known way to leave the site is refused, judged on the value the browser would open', () => {
  // [returnTo as it arrives, what the reader is sent to (null: the home page instead)]
  const table: [string, string | null][] = [
    ['//evil.example', null],
    ['///evil.example', null],
    ['/\\evil.example', null],
    ['/\\/evil.example', null],
    ['\\/evil.example', null],
    ['/%5cevil.example', null],
    ['/%5C%5Cevil.example', null],
    ['/%2f%2fevil.example', null],
    ['/%2F/evil.example', null],
    // Dot segments: checked before normalising, these passed, and became `//evil.example` after.
    ['/.//evil.example', null],
    ['/..//evil.example', null],
    ['/a/..//evil.example', null],
    ['/.///evil.example', null],
    ['/%2e//evil.example', null],
    ['/%2E%2E//evil.example', null],
    ['/.%2e//evil.example', null],
    // URL parsers drop tabs and newlines anywhere, and spaces and controls around the value.
    ['/\t/evil.example', null],
    ['/\n/evil.example', null],
    ['/\r\n/evil.example', null],
    ['\t//evil.example', null],
    [' //evil.example', null],
    ['/\x7f/evil.example', null],
    ['/\x00/evil.example', null],
    ['https://evil.example', null],
    ['https:evil.example', null],
    ['https:/evil.example', null],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    // Harmless once normalised: a path of this site, never another origin.
    ['/javascript:alert(1)', '/javascript:alert(1)'],
    ['/%09/evil.example', '/%09/evil.example'],
    ['/?//evil.example', '/?//evil.example'],
    ['/#//evil.example', '/#//evil.example'],
    ['/a/./b/../c', '/a/c'],
    ['/..', '/'],
  ];
  for (const [returnTo, expected] of table) {
    const used = safeReturnPath(returnTo);
    assert.equal(used, expected, JSON.stringify(returnTo));
    if (used) {
      assert.equal(new URL(used, 'https://handbook.example.com').origin, 'https://handbook.example.com');
      assert.equal(safeReturnPath(used), used, `not stable: ${JSON.stringify(used)}`);
    }
    const fromSignIn = destinationOf({
      pathname: '/sign-in',
      search: `?returnTo=${encodeURIComponent(returnTo)}`,
      hash: '',
    });
    assert.equal(new URL(fromSignIn, 'https://handbook.example.com').origin, 'https://handbook.example.com', returnTo);
    assert.equal(fromSignIn, expected ?? '/', JSON.stringify(returnTo));
  }
});

test('on the sign-in route the destination is the page named in returnTo, never another site', () => {
  const at = (pathname: string, search = '', hash = '') => destinationOf({ pathname, search, hash });
  assert.equal(at('/sign-in', '?returnTo=%2Farc%2Fmodules%2Fiam%3Ftab%3D2'), '/arc/modules/iam?tab=2');
  assert.equal(at('/sign-in'), '/');
  assert.equal(at('/sign-in', '?returnTo=https%3A%2F%2Fevil.example%2F'), '/');
  assert.equal(at('/sign-in', '?returnTo=%2F%2Fevil.example'), '/');
  assert.equal(at('/sign-in', '?returnTo=%2F.%2F%2Fevil.example'), '/');
  assert.equal(at('/sign-in', '?returnTo=/.//evil.example'), '/');
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
