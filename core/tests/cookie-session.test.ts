import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unverifiedJwt } from '../../testkit/jwt';
import { readCookieSession } from '../cookie-session';
import { lastAuthUserCookie, tokenCookie } from '../session-format';

const clientId = 'handbooklocalwebclient0001';
const now = 1_800_000_000;

const token = (claims: Record<string, unknown>) => unverifiedJwt(claims, { alg: 'RS256', kid: 'k' });

function cookies(access: Record<string, unknown>, id: Record<string, unknown>, user = 'sub-1'): string {
  return [
    'other=1',
    `${lastAuthUserCookie(clientId)}=${user}`,
    `${tokenCookie(clientId, user, 'accessToken')}=${token({ username: user, ...access })}`,
    `${tokenCookie(clientId, user, 'idToken')}=${token({ 'cognito:username': user, ...id })}`,
  ].join('; ');
}

test('reads the reader and the session’s end from Amplify’s cookies, names in any script', () => {
  const session = readCookieSession(
    cookies({ exp: now + 600 }, { exp: now + 300, email: 'zoë@example.com', name: 'Zoë Ångström' }),
    clientId,
    { now },
  );
  assert.deepEqual(session, {
    reader: { email: 'zoë@example.com', name: 'Zoë Ångström', federated: false },
    expiresAt: now + 300,
    inReaderGroup: false,
  });
  const withoutName = readCookieSession(cookies({ exp: now + 600 }, { exp: now + 600, email: 'a@b.c' }), clientId, {
    now,
  });
  assert.equal(withoutName?.reader.name, 'a@b.c');
});

test('no session when a token is missing, malformed, of another client or about to expire', () => {
  for (const cookieString of [
    '',
    `${lastAuthUserCookie(clientId)}=sub-1`,
    cookies({ exp: now + 600 }, { exp: now + 4 }),
    cookies({ exp: now - 1 }, { exp: now + 600 }),
    cookies({}, { exp: now + 600 }),
    `${lastAuthUserCookie(clientId)}=sub-1; ${tokenCookie(clientId, 'sub-1', 'accessToken')}=garbage; ${tokenCookie(clientId, 'sub-1', 'idToken')}=a.%%%.c`,
    cookies({ exp: now + 600 }, { exp: now + 600 }).replaceAll(clientId, 'someotherclient'),
  ]) {
    assert.equal(readCookieSession(cookieString, clientId, { now }), null, cookieString.slice(0, 120));
  }
});

test('a planted session of someone outside the reader group never displaces a reader’s own', () => {
  const group = { 'cognito:groups': ['handbook-readers'] };
  const reader = cookies({ exp: now + 600, ...group }, { exp: now + 600, sub: 'sub-1', email: 'r@x.y', ...group });
  const outsider = cookies({ exp: now + 900 }, { exp: now + 900, sub: 'sub-2', email: 'o@x.y' }, 'sub-2');
  for (const both of [`${reader}; ${outsider}`, `${outsider}; ${reader}`]) {
    const session = readCookieSession(both, clientId, { now, readerGroup: 'handbook-readers' });
    assert.equal(session?.reader.email, 'r@x.y');
    assert.equal(session?.inReaderGroup, true);
  }
  assert.equal(readCookieSession(outsider, clientId, { now, readerGroup: 'handbook-readers' })?.inReaderGroup, false);
});
