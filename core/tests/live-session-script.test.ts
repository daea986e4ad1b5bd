import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unverifiedJwt } from '../../testkit/jwt';
import vm from 'node:vm';
import { liveSessionScript } from '../live-session-script';
import { lastAuthUserCookie, tokenCookie } from '../session-format';

const clientId = 'handbooklocalwebclient0001';
const lastUser = lastAuthUserCookie(clientId);
const accessCookie = tokenCookie(clientId, 'u1', 'accessToken');

const token = (claims: object) => unverifiedJwt(claims);

/** Runs the script as the browser would, against a cookie string; returns the mark it left. */
function markFor(cookie: string): string | null {
  const attributes = new Map<string, string>();
  const document = {
    cookie,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  vm.runInNewContext(liveSessionScript(clientId), { document, atob, Date, JSON });
  return attributes.get('data-session') ?? null;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

test('marks the page live only while both tokens of the last user are unexpired', () => {
  const cookies = (accessExp: number, idExp: number) =>
    `${lastUser}=u1; ${accessCookie}=${token({ sub: 'u1', exp: accessExp })}; ${tokenCookie(clientId, 'u1', 'idToken')}=${token({ sub: 'u1', exp: idExp })}`;
  assert.equal(markFor(cookies(nowSeconds() + 600, nowSeconds() + 600)), 'live');
  assert.equal(markFor(cookies(nowSeconds() - 1, nowSeconds() + 600)), null);
  assert.equal(markFor(cookies(nowSeconds() + 600, nowSeconds() + 2)), null);
  assert.equal(markFor(''), null);
  assert.equal(markFor(`${lastUser}=u1; ${accessCookie}=garbage`), null);
  assert.equal(markFor('%E0%A4%A=1'), null);
  // A token that names another user is not this cookie's: a sibling site's plant, ignored.
  const planted = `${lastUser}=u1; ${accessCookie}=${token({ sub: 'u2', exp: nowSeconds() + 600 })}; ${tokenCookie(clientId, 'u1', 'idToken')}=${token({ sub: 'u2', exp: nowSeconds() + 600 })}`;
  assert.equal(markFor(planted), null);
});
