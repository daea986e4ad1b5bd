/**
 * Signing out leaves nothing of the handbook in the browser: protected files are never stored, and
 * the sign-out route empties the site's cache (`Clear-Site-Data`). A page of the sign-in route that
 * asks the cache for every file it held (`cache: 'force-cache'`) gets no line of the handbook.
 */
import type { Page, Request } from '@playwright/test';
import { readManifest } from '../gate/manifest';
import { localIdentity, localIdentityUrl } from '../core/local-pool';
import { readSigningKey } from '../identity/signing-key';
import { reissueToken } from '../testkit/tokens';
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
  // The search index of the section searched in (search contexts: `search-index-arc.json`).
  expect([...loaded]).toContainEqual(expect.stringMatching(/^\/search-index(-[\w-]+)?\.json$/));
  expect(loaded.size).toBeGreaterThan(5);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expectSignInForm(page);
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  const signOutAnswers = await Promise.all(
    signOutRequests.map(async (request) => (await request.response())?.allHeaders()),
  );
  expect(signOutAnswers.map((headers) => headers?.['clear-site-data'])).toEqual(['"cache", "cookies"']);

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
    expectedConsoleError:
      /status of 401 \(Unauthorized\)|ERR_INTERNET_DISCONNECTED|Loading chunk [\w~-]+ failed|MIME type \('text\/plain'\) is not executable/,
  });

  const sessionCookieNames = async (page: Page) =>
    (await page.context().cookies()).map(({ name }) => name).filter((name) => name.startsWith('CognitoIdentity'));

  test('laptop asleep past the token’s expiry: Sign out clears every cookie and says the session was not revoked', async ({
    page,
  }) => {
    await signInAsNewReader(page);
    // The tokens expire while the page sleeps: the gate now refuses the page's Amplify chunk.
    await expireAccessToken(page, { stay: true });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expectSignInForm(page);
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out of this browser' })).toBeVisible();
    expect(await sessionCookieNames(page)).toEqual([]);
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

  test('offline: Sign out still deletes the session from the browser', async ({ page }) => {
    await signInAsNewReader(page);
    await page.context().setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => sessionCookieNames(page), { timeout: 20_000 }).toEqual([]);
    await page.context().setOffline(false);
    await open(page, deepLink);
    await expectSignInForm(page);
  });
});
