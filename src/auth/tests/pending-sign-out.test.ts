import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  finishPendingSignOut,
  forgetRevocations,
  PENDING_SIGN_OUT_KEY,
  readPendingSignOut,
  refreshTokensIn,
  rememberSignOut,
} from '../pending-sign-out';
import type { SignOutSurroundings } from '../pending-sign-out';

const ENDPOINT = 'http://127.0.0.1:9229';
const CLIENT = 'handbooklocalwebclient0001';

function memoryStorage(): SignOutSurroundings['storage'] & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

type Answer = number | 'offline';

/** The page's surroundings, with the network answering each URL as told, and every request kept. */
function page(answers: { signOut?: Answer; revoke?: Answer }, options: { signedInNow?: boolean; gate?: boolean } = {}) {
  const storage = memoryStorage();
  const requests: { url: string; init?: RequestInit }[] = [];
  const surroundings: SignOutSurroundings = {
    storage,
    userPoolEndpoint: ENDPOINT,
    signOutRoute: options.gate === false ? null : '/sign-out',
    signedInNow: async () => options.signedInNow ?? false,
    fetch: async (input, init) => {
      const url = String(input);
      requests.push({ url, init });
      const answer = url === ENDPOINT ? answers.revoke : answers.signOut;
      if (answer === undefined || answer === 'offline') throw new TypeError('Failed to fetch');
      return new Response(answer === 200 ? '{}' : '{"__type":"NotAuthorizedException"}', { status: answer });
    },
  };
  return { surroundings, storage, requests };
}

const token = (n: number) => `eyJhbGciOiJSUzI1NiJ9.refresh-${n}.signature`;

test('a sign-out is written down before any request, with the refresh tokens it must revoke', () => {
  const { storage } = page({});
  rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
  assert.deepEqual(readPendingSignOut(storage), {
    clearSite: true,
    revocations: [{ clientId: CLIENT, refreshToken: token(1) }],
  });
});

test('a second sign-out keeps the tokens an earlier one could not revoke, once each, at most four', () => {
  const { storage } = page({});
  rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
  rememberSignOut(
    storage,
    [1, 2, 3, 4, 5].map((n) => ({ clientId: CLIENT, refreshToken: token(n) })),
  );
  assert.deepEqual(
    readPendingSignOut(storage)?.revocations.map(({ refreshToken }) => refreshToken),
    [1, 2, 3, 4].map(token),
  );
});

test('offline, nothing is struck off: the next page load tries again', async () => {
  const { surroundings, storage, requests } = page({ signOut: 'offline', revoke: 'offline' });
  rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
  const before = storage.items.get(PENDING_SIGN_OUT_KEY);
  assert.deepEqual(await finishPendingSignOut(surroundings), { wasPending: true, revocationPending: true });
  assert.equal(storage.items.get(PENDING_SIGN_OUT_KEY), before);
  assert.deepEqual(
    requests.map(({ url }) => url),
    ['/sign-out', ENDPOINT],
  );
});

test('online, the site is emptied first, then the refresh token alone is revoked, and the sign-out forgotten', async () => {
  const { surroundings, storage, requests } = page({ signOut: 200, revoke: 200 });
  rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
  assert.deepEqual(await finishPendingSignOut(surroundings), { wasPending: true, revocationPending: false });
  assert.equal(storage.items.has(PENDING_SIGN_OUT_KEY), false);
  const [signOut, revoke] = requests;
  assert.equal(signOut.url, '/sign-out');
  assert.equal(signOut.init?.cache, 'no-store');
  assert.equal(revoke.url, ENDPOINT);
  assert.equal(revoke.init?.method, 'POST');
  const headers = new Headers(revoke.init?.headers);
  assert.equal(headers.get('X-Amz-Target'), 'AWSCognitoIdentityProviderService.RevokeToken');
  assert.equal(headers.get('Content-Type'), 'application/x-amz-json-1.1');
  assert.equal(headers.has('Authorization'), false);
  assert.deepEqual(JSON.parse(String(revoke.init?.body)), { ClientId: CLIENT, Token: token(1) });
});

test('a token the identity service refuses (already revoked, expired) is struck off; a throttle or server error is not', async () => {
  for (const [status, left] of [
    [400, 0],
    [429, 1],
    [500, 1],
  ] as const) {
    const { surroundings, storage } = page({ signOut: 200, revoke: status });
    rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
    await finishPendingSignOut(surroundings);
    assert.equal(readPendingSignOut(storage)?.revocations.length ?? 0, left, `RevokeToken answering ${status}`);
    assert.equal(readPendingSignOut(storage)?.clearSite ?? false, false);
  }
});

test('a sign-out route that does not answer with success leaves the site to empty next time', async () => {
  const { surroundings, storage } = page({ signOut: 503, revoke: 200 });
  rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
  assert.deepEqual(await finishPendingSignOut(surroundings), { wasPending: true, revocationPending: false });
  assert.deepEqual(readPendingSignOut(storage), { clearSite: true, revocations: [] });
});

test('once the gate serves someone signed in since, the cache is theirs: their cookies are kept, the old token still revoked', async () => {
  const { surroundings, storage, requests } = page({ revoke: 200 }, { signedInNow: true });
  rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
  await finishPendingSignOut(surroundings);
  assert.deepEqual(
    requests.map(({ url }) => url),
    [ENDPOINT],
  );
  assert.equal(storage.items.has(PENDING_SIGN_OUT_KEY), false);
});

test('the dev server has no sign-out route (and keeps no index): only the revocation is done', async () => {
  const { surroundings, storage, requests } = page({ revoke: 200 }, { gate: false });
  rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
  await finishPendingSignOut(surroundings);
  assert.deepEqual(
    requests.map(({ url }) => url),
    [ENDPOINT],
  );
});

test('without a pending sign-out, a page load asks nothing of the network', async () => {
  const { surroundings, storage, requests } = page({ signOut: 200, revoke: 200 });
  storage.setItem(PENDING_SIGN_OUT_KEY, '{"clearSite":"yes"');
  assert.deepEqual(await finishPendingSignOut(surroundings), { wasPending: false, revocationPending: false });
  assert.deepEqual(requests, []);
});

test('storage the browser refuses changes nothing: the sign-out goes on unremembered', () => {
  const refusing = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('QuotaExceededError');
    },
    removeItem: () => undefined,
  };
  assert.doesNotThrow(() => rememberSignOut(refusing, [{ clientId: CLIENT, refreshToken: token(1) }]));
});

test('the refresh tokens are read from the app client’s cookies only, as Amplify names them', () => {
  const cookies = [
    `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=abc`,
    `CognitoIdentityServiceProvider.${CLIENT}.abc.refreshToken=${token(1)}`,
    `CognitoIdentityServiceProvider.${CLIENT}.abc.accessToken=access`,
    `CognitoIdentityServiceProvider.otherclient.abc.refreshToken=${token(2)}`,
    'theme=dark',
  ].join('; ');
  assert.deepEqual(refreshTokensIn(cookies, CLIENT), [token(1)]);
});

test('a global sign-out revoked the tokens: they are struck off, the emptying of the site still pending', () => {
  const storage = memoryStorage();
  rememberSignOut(storage, [{ clientId: CLIENT, refreshToken: token(1) }]);
  forgetRevocations(storage);
  assert.deepEqual(readPendingSignOut(storage), { clearSite: true, revocations: [] });
  assert.ok(!storage.items.get(PENDING_SIGN_OUT_KEY)?.includes(token(1)), 'no refresh token left on the device');
});
