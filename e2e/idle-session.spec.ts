import { localIdentityUrl } from '../core/local-pool';
import { expect, test } from './fixtures';
import { readSigningKey } from '../identity/signing-key';
import { reissueToken } from '../testkit/tokens';
import { claimsOf } from '../testkit/local-identity';
import { identitySigningKeyFile, tokenCookie } from './accounts';
import { open } from './helpers';

/** The access and id tokens' lifetime in this test: near the end of a session, as after minutes of idling. */
const SECONDS_LEFT = 100;

test('an idle reader’s tokens are renewed before the server would refuse them, without a page load', async ({
  page,
  context,
}) => {
  await page.clock.install();
  const renewals: string[] = [];
  const documents: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    if (
      request.url().startsWith(localIdentityUrl) &&
      /GetTokensFromRefreshToken/.test(request.headers()['x-amz-target'] ?? '')
    ) {
      renewals.push(request.url());
    }
    if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => response.status() === 401 && refused.push(response.url()));

  await open(page, '/how-we-work/testing');
  documents.length = 0;

  // After minutes of idling, the session has 100 s left; the browser's clock is the test's to move.
  // Set once the page is open: on a busy machine, opening it took longer than the 10 s such a
  // session has before it is due, so it was renewed while the page loaded.
  const expiresAt = Math.floor(Date.now() / 1000) + SECONDS_LEFT;
  for (const cookie of (await context.cookies()).filter((candidate) =>
    /\.(accessToken|idToken)$/.test(candidate.name),
  )) {
    await context.addCookies([
      { ...cookie, value: reissueToken(cookie.value, { exp: expiresAt }, readSigningKey(identitySigningKeyFile)) },
    ]);
  }
  // The reader comes back to the tab, where the page reads its session's end again (renewal.ts).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

  // Idle until less than the server's minute and a margin remain.
  await page.clock.fastForward(15_000);
  await expect.poll(() => renewals.length).toBe(1);
  await expect
    .poll(async () => Number(claimsOf((await tokenCookie(page, 'accessToken')).value).exp))
    .toBeGreaterThan(expiresAt);
  const idToken = claimsOf((await tokenCookie(page, 'idToken')).value);
  expect(Number(idToken.exp)).toBeGreaterThan(expiresAt);

  // The reader comes back and follows a link: the page opens, never by way of the sign-in route.
  await page.getByRole('navigation', { name: 'Docs pages' }).getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL((url) => url.pathname !== '/how-we-work/testing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(documents.filter((path) => path === '/sign-in')).toEqual([]);
  expect(refused).toEqual([]);
  expect(renewals).toHaveLength(1);
});
