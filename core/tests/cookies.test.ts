/**
 * Duplicate session cookies (cookie tossing from a sibling subdomain, security review 2 finding 10):
 * the page (`readCookieSession`) and its inline head script (`liveSessionScript`) read one table of
 * cookie strings the same way, through the one parser (`cookies.ts`) the gates use too
 * (gate/tests/session.test.ts checks the gate's verdict on real tokens).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unverifiedJwt } from '../../testkit/jwt';
import vm from 'node:vm';
import { readCookieSession } from '../cookie-session';
import { cookieValues } from '../cookies';
import { liveSessionScript } from '../live-session-script';
import { lastAuthUserCookie, tokenCookie } from '../session-format';

const clientId = 'handbooklocalwebclient0001';
const later = Math.floor(Date.now() / 1000) + 600;

const token = (claims: object) => unverifiedJwt(claims);

/** A user's session cookies as Amplify writes them (`LastAuthUser` first). */
function session(user: string, { exp = later, access = '', id = '' } = {}): string[] {
  return [
    `${lastAuthUserCookie(clientId)}=${user}`,
    `${tokenCookie(clientId, user, 'accessToken')}=${access || token({ sub: user, exp })}`,
    `${tokenCookie(clientId, user, 'idToken')}=${id || token({ sub: user, exp, email: `${user}@handbook.local` })}`,
  ];
}

function markFor(cookie: string): boolean {
  let marked = false;
  const document = { cookie, documentElement: { setAttribute: () => (marked = true) } };
  vm.runInNewContext(liveSessionScript(clientId), { document, atob, Date, JSON });
  return marked;
}

const reader = session('reader');
const planter = session('planter');
const cases: { name: string; cookies: string[]; expected: string | null }[] = [
  { name: 'the reader’s own session', cookies: reader, expected: 'reader' },
  {
    name: 'a planted LastAuthUser before the reader’s',
    cookies: ['x=1', reader[0].replace('reader', 'junk'), ...reader],
    expected: 'reader',
  },
  {
    name: 'a planted LastAuthUser after the reader’s',
    cookies: [...reader, reader[0].replace('reader', 'junk')],
    expected: 'reader',
  },
  {
    name: 'a planted, garbled access token of the reader',
    cookies: [reader[1].replace(/=.*/, '=garbage'), ...reader],
    expected: 'reader',
  },
  {
    name: 'a planted expired session of the reader',
    cookies: [...session('reader', { exp: later - 1200 }), ...reader],
    expected: 'reader',
  },
  {
    name: 'a planted live session of another user, before the reader’s',
    cookies: [...planter, ...reader],
    expected: null,
  },
  {
    name: 'a planted live session of another user, after the reader’s',
    cookies: [...reader, ...planter],
    expected: null,
  },
  {
    name: 'more pairings than one browser holds',
    cookies: [
      ...reader,
      ...[1, 2, 3, 4].map((n) => reader[1].replace(/=.*/, `=${token({ sub: 'reader', exp: later + n })}`)),
    ],
    expected: null,
  },
  // Security review 3, finding 4: junk alone, planted without any account, locked the reader out.
  {
    name: 'five junk pairings for a made-up user',
    cookies: [
      lastAuthUserCookie(clientId) + '=evil',
      ...[1, 2, 3].map((n) => `${tokenCookie(clientId, 'evil', 'accessToken')}=junk${n}`),
      ...[1, 2].map((n) => `${tokenCookie(clientId, 'evil', 'idToken')}=junk${n}`),
      ...reader,
    ],
    expected: 'reader',
  },
  {
    name: 'junk and other users’ tokens under the reader’s cookie names',
    cookies: [
      reader[1].replace(/=.*/, '=a.b'),
      reader[1].replace(/=.*/, `=${token({ sub: 'planter', exp: later })}`),
      reader[2].replace(/=.*/, '=x.y.z'),
      reader[2].replace(/=.*/, `=${token({ sub: 'planter', exp: later, email: 'planter@handbook.local' })}`),
      ...reader,
    ],
    expected: 'reader',
  },
  {
    name: 'the reader’s cookie names spelled with escapes (%2E, %49), carrying planted tokens',
    cookies: [
      ...[
        (name: string) => name.replace('.', '%2E'),
        (name: string) => name.replace('I', '%49'),
        (name: string) => name.replace('.', '%2E').replace('I', '%49'),
        (name: string) => name.replace('.', '%2e'),
      ].map(
        (spell, n) =>
          `${spell(tokenCookie(clientId, 'reader', 'accessToken'))}=${token({ sub: 'reader', exp: later + n + 1 })}`,
      ),
      ...reader,
    ],
    expected: 'reader',
  },
  { name: 'no session', cookies: ['theme=dark'], expected: null },
];

for (const { name, cookies, expected } of cases) {
  test(`${name}: ${expected ? `signed in as ${expected}` : 'no session'}, in the page and the head script alike`, () => {
    const cookieString = cookies.join('; ');
    const fromPage = readCookieSession(cookieString, clientId);
    assert.equal(fromPage ? fromPage.reader.email.split('@')[0] : null, expected);
    assert.equal(markFor(cookieString), expected !== null);
  });
}

test('every value of a repeated cookie is kept, once each, in the order sent', () => {
  assert.deepEqual({ ...cookieValues('a=1; b=2; a=3; a=1; %E0%A4%A=x') }, { a: ['1', '3'], b: ['2'] });
});

test('a cookie name counts only as written or as Amplify encodes it', () => {
  assert.deepEqual(
    { ...cookieValues('a.b=1; a%2Eb=2; %61.b=3; u%40x=4; u@x=5') },
    {
      'a.b': ['1'],
      'u@x': ['4', '5'],
    },
  );
});
