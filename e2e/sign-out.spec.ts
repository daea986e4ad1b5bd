/**
 * Signing out leaves nothing of the handbook in the browser: protected files are never stored, and
 * the sign-out route empties the site's cache (`Clear-Site-Data`), offline too (the next page
 * loaded online finishes the sign-out). A page of the sign-in route that
 * asks the cache for every file it held (`cache: 'force-cache'`) gets no line of the handbook.
 */
import type { Page, Request } from '@playwright/test';
import { readManifest } from '../gate/manifest';
import { localIdentity, localIdentityUrl } from '../core/local-pool';
import { readSigningKey } from '../identity/signing-key';
import { reissueToken } from '../testkit/tokens';
import { unverifiedJwt } from '../testkit/jwt';
import { lastAuthUserCookie, tokenCookie as tokenCookieName } from '../core/session-format';
import { cognitoCall } from '../testkit/local-identity';
import { buildDir } from './build-output';
import { docPhrases } from './doc-phrases';
import { expect, test } from './fixtures';
import { createReader, expireAccessToken, identitySigningKeyFile, signedOut, tokenCookie } from './accounts';
import { deepLink, expectSignInForm, open, signInAsNewReader, signInThroughForm } from './helpers';

const publicPaths = new Set(['/sign-in', ...readManifest(buildDir).publicFiles.map((file) => `/${file}`)]);
const phrases = docPhrases();

test.use({
  storageState: signedOut,
  // The files asked for after signing out are refused (401), and Chromium logs each refusal.
  expectedConsoleError: /status of 401 \(Unauthorized\)/,
});

test('after signing out, the browser cache gives back no protected file', async ({ page, baseURL }) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === baseURL && response.status() === 200 && !publicPaths.has(url.pathname)) loaded.add(url.pathname);
  });
  const signOutRequests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/sign-out') signOutRequests.push(request);
  });
  // Newcomer review 4: every sign-out logged a 400 from RevokeToken, asked for a refresh token the
  // global sign-out had already revoked.
  const identityRefusals: string[] = [];
  page.on('response', async (response) => {
    const target = await response.request().headerValue('x-amz-target');
    if (target && response.status() >= 400) identityRefusals.push(`${target} ${response.status()}`);
  });

  const reader = await createReader();
  await open(page, '/arc/architecture');
  await signInThroughForm(page, reader.email, reader.password);
  await expect(page.getByRole('heading', { level: 1, name: 'System Architecture' })).toBeVisible();
  const search = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');
  await search.click();
  await search.fill('claims');
  await page.waitForLoadState('networkidle');
  await open(page, '/how-we-work/testing');
  await page.waitForLoadState('networkidle');
  // The search index's files a search fetched (its pages file, shards and pages' entries).
  expect([...loaded]).toContainEqual(expect.stringMatching(/^\/search-index(-[\w-]+)?\.json$/));
  expect(loaded.size).toBeGreaterThan(5);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expectSignInForm(page);
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  expect(identityRefusals).toEqual([]);
  const signOutAnswers = await Promise.all(
    signOutRequests.map(async (request) => (await request.response())?.allHeaders()),
  );
  // The page leaves by the sign-out route; the sign-in page then makes sure of it with a fetch of its
  // own, as it would had the page's answer been lost (src/auth/pending-sign-out.ts).
  expect(signOutRequests[0]?.isNavigationRequest()).toBe(true);
  expect(new Set(signOutAnswers.map((headers) => headers?.['clear-site-data']))).toEqual(
    new Set(['"cache", "cookies"']),
  );

  const fromCache = await page.evaluate(
    async (paths) => {
      const answers: { path: string; status: number; body: string }[] = [];
      for (const path of paths) {
        const response = await fetch(path, { cache: 'force-cache' });
        answers.push({ path, status: response.status, body: await response.text() });
      }
      return answers;
    },
    [...loaded],
  );
  expect(fromCache.filter(({ status }) => status !== 401).map(({ path }) => path)).toEqual([]);
  const leaks = fromCache.flatMap(({ path, body }) =>
    phrases.filter(({ phrase }) => body.includes(phrase)).map(({ page: doc }) => `${path} shows docs/${doc}`),
  );
  expect(leaks).toEqual([]);
});

/**
 * Sign-out when the page cannot load Amplify (security review 2, finding 3): it still ends the
 * session in this browser, every cookie included, and says when it could not revoke it.
 */
test.describe('sign-out whatever fails', () => {
  test.use({
    // The Amplify chunk refused (expired session) or unreachable (offline), as the browser logs it.
    // The cache asked for a file it no longer holds (`only-if-cached`) logs the miss; a call to the
    // identity service while it is unreachable logs ERR_FAILED.
    expectedConsoleError:
      /status of 401 \(Unauthorized\)|ERR_INTERNET_DISCONNECTED|ERR_CACHE_MISS|ERR_FAILED|Loading chunk [\w~-]+ failed|MIME type \('text\/plain'\) is not executable/,
  });

  const sessionCookieNames = async (page: Page) =>
    (await page.context().cookies()).map(({ name }) => name).filter((name) => name.startsWith('CognitoIdentity'));

  test('laptop asleep past the token’s expiry: Sign out clears every cookie and revokes the refresh token alone', async ({
    page,
  }) => {
    await signInAsNewReader(page);
    const refreshToken = (await tokenCookie(page, 'refreshToken')).value;
    // The tokens expire while the page sleeps: the gate now refuses the page's Amplify chunk, so the
    // global sign-out cannot be done; RevokeToken needs no access token (security review 3, finding 9).
    await expireAccessToken(page, { stay: true });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expectSignInForm(page);
    await expect(page.getByText('You are signed out of this browser')).toHaveCount(0);
    expect(await sessionCookieNames(page)).toEqual([]);
    await expectRefused(refreshToken);
    // The next person at the computer meets the sign-in form, not the reader's session.
    await open(page, deepLink);
    await expectSignInForm(page);
  });

  test('a network blip when renewing, then Sign out: the retry loads Amplify and revokes the session', async ({
    page,
  }) => {
    await signInAsNewReader(page);
    const refreshToken = (await tokenCookie(page, 'refreshToken')).value;
    // The session nears its end while the network is down: the renewal fails to load Amplify.
    const access = await tokenCookie(page, 'accessToken');
    const nearEnd = reissueToken(
      access.value,
      { exp: Math.floor(Date.now() / 1000) + 80 },
      readSigningKey(identitySigningKeyFile),
    );
    await page.context().addCookies([{ ...access, value: nearEnd }]);
    await page.context().setOffline(true);
    const failedChunk = page.waitForEvent('requestfailed', (request) => /\/assets\/js\//.test(request.url()));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await failedChunk;
    await page.context().setOffline(false);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expectSignInForm(page);
    await expect(page.getByText('You are signed out of this browser')).toHaveCount(0);
    expect(await sessionCookieNames(page)).toEqual([]);
    await expect(
      cognitoCall(localIdentityUrl, 'GetTokensFromRefreshToken', {
        ClientId: localIdentity.userPoolClientId,
        RefreshToken: refreshToken,
      }),
    ).rejects.toThrow(/NotAuthorized/);
  });

  test('identity service unreachable: the sign-in page says the session is not ended yet, and ends it on the next load', async ({
    page,
  }) => {
    await signInAsNewReader(page);
    const refreshToken = (await tokenCookie(page, 'refreshToken')).value;
    const unreachable = `${localIdentityUrl}/**`;
    await page.route(unreachable, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expectSignInForm(page);
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out of this browser' })).toBeVisible();
    expect(await sessionCookieNames(page)).toEqual([]);

    await page.unroute(unreachable);
    await page.reload();
    await expectSignInForm(page);
    await expect(page.getByText('You are signed out of this browser')).toHaveCount(0);
    await expectRefused(refreshToken);
  });

  /**
   * Offline, the sign-out route cannot answer and the identity service cannot revoke (security
   * review 3, findings 3 and 9): the sign-out is remembered, and the next page of the site opened
   * online (here the public sign-in page, as the next person at the computer opens it) finishes it
   * before anything else: the browser's cache of the site is emptied and the refresh token revoked.
   */
  for (const planted of [false, true]) {
    // Security review 4, finding 3: one JWT-shaped cookie of a made-up user, planted by a sibling
    // (any loopback page in local mode), made the next page take it for a session signed in since
    // and skip emptying the cache.
    test(`offline: Sign out deletes the session, and the next page opened online empties the cache and revokes the token${planted ? ', whatever cookies a sibling planted' : ''}`, async ({
      page,
      baseURL,
    }) => {
      const loaded = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === baseURL && response.status() === 200 && !publicPaths.has(url.pathname))
          loaded.add(url.pathname);
      });
      await signInAsNewReader(page);
      const refreshToken = (await tokenCookie(page, 'refreshToken')).value;
      const search = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');
      await search.click();
      await search.fill('claims');
      await expect(page.getByRole('option').first()).toBeVisible();
      const indexes = [...loaded].filter((path) => /^\/search-index(-[\w-]+)?-[0-9a-f]{8}\.json$/.test(path));
      expect(indexes.length).toBeGreaterThan(0);
      expect(await cachedByBrowser(page, indexes)).toEqual(indexes);

      await page.context().setOffline(true);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
      await expect.poll(() => sessionCookieNames(page), { timeout: 20_000 }).toEqual([]);
      if (planted) await plantFakeSession(page, baseURL ?? '');
      await page.context().setOffline(false);

      await open(page, '/sign-in');
      if (!planted) await expectSignInForm(page);
      await expect.poll(() => cachedByBrowser(page, [...loaded]), { timeout: 20_000 }).toEqual([]);
      await expectRefused(refreshToken);
      // The next person at the computer meets the sign-in form, not the reader's session.
      if (!planted) {
        await open(page, deepLink);
        await expectSignInForm(page);
      }
    });
  }
});

/** What a sibling sets: a session of a made-up user, JWT-shaped and unsigned, as Amplify names its cookies. */
async function plantFakeSession(page: Page, baseURL: string): Promise<void> {
  const clientId = localIdentity.userPoolClientId;
  const user = 'made-up-user';
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: user, username: user, client_id: clientId, exp, iat: exp - 3600 };
  const cookie = (name: string, value: string) => ({ name, value, url: baseURL });
  await page
    .context()
    .addCookies([
      cookie(lastAuthUserCookie(clientId), user),
      cookie(tokenCookieName(clientId, user, 'accessToken'), unverifiedJwt({ ...claims, token_use: 'access' })),
      cookie(tokenCookieName(clientId, user, 'idToken'), unverifiedJwt({ ...claims, token_use: 'id', aud: clientId })),
    ]);
}

/** The identity service refuses to renew a session with `refreshToken` (REFRESH_TOKEN_AUTH). */
async function expectRefused(refreshToken: string): Promise<void> {
  await expect(
    cognitoCall(localIdentityUrl, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: localIdentity.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  ).rejects.toThrow(/NotAuthorized/);
}

/** Those of `paths` that the browser's HTTP cache answers without going to the network. */
function cachedByBrowser(page: Page, paths: string[]): Promise<string[]> {
  return page.evaluate(async (candidates) => {
    const kept: string[] = [];
    for (const path of candidates) {
      const answer = await fetch(path, { cache: 'only-if-cached', mode: 'same-origin' }).catch(() => null);
      if (answer?.ok) kept.push(path);
    }
    return kept;
  }, paths);
}
