/**
 * What the gate server gives a browser: the sign-in shell and nothing else to a visitor without a
 * session, and a reader whose session ends mid-visit a way back in, never a loop.
 */
import type { Page } from '@playwright/test';
import { readManifest } from '../gate/manifest';
import { buildDir, searchIndexFiles } from './build-output';
import { expect, test } from './fixtures';
import { expireAccessToken, signedOut } from './accounts';
import { deepLink, deepLinkHeading, expectSignInForm, open, signInAsNewReader } from './helpers';

const publicPaths = new Set(['/sign-in', ...readManifest(buildDir).publicFiles.map((file) => `/${file}`)]);

/** Page loads of the main frame, by path, in order. */
function documentLoads(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** Calls that renew the session at the identity service. */
function refreshCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if ((request.headers()['x-amz-target'] ?? '').endsWith('GetTokensFromRefreshToken')) calls.push(request.url());
  });
  return calls;
}

test.describe('signed out', () => {
  test.use({ storageState: signedOut });

  test('a deep link is answered by the sign-in route, which loads only the shell', async ({ page, baseURL }) => {
    const served: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === baseURL && response.status() === 200) served.push(url.pathname);
    });
    await open(page, `${deepLink}?tab=flows`);
    await expectSignInForm(page);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('returnTo')).toBe(`${deepLink}?tab=flows`);
    expect(served.length).toBeGreaterThan(3);
    expect(served.filter((path) => !publicPaths.has(path))).toEqual([]);
  });

  test('every file of the search index is refused without a session, the pages file, shards and pages’ entries alike', async ({
    page,
  }) => {
    const files = searchIndexFiles();
    for (const kind of ['-_pages-', '-_t-', '-_p-'])
      expect(
        files.some((file) => file.includes(kind)),
        kind,
      ).toBe(true);
    for (const file of files) {
      expect(publicPaths.has(`/${file}`), file).toBe(false);
      expect((await page.request.get(`/${file}`)).status(), file).toBe(401);
    }
  });
});

test.describe('a session ending mid-visit', () => {
  test.use({ storageState: signedOut });

  test('an access token the server finds expired is renewed on the sign-in route, once', async ({ page }) => {
    await signInAsNewReader(page);
    await expireAccessToken(page);
    const loads = documentLoads(page);
    const refreshes = refreshCalls(page);
    await page.goto(deepLink);
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(deepLink);
    expect(loads).toEqual([deepLink, '/sign-in', deepLink]);
    expect(refreshes).toHaveLength(1);
  });

  test.describe('following a link after the token expired', () => {
    // Docusaurus preloads the next page's scripts (on hover, then on click), the server refuses
    // them, Chromium logs each refusal, and the hover preload leaves its failure uncaught.
    test.use({
      expectedConsoleError:
        /status of 401 \(Unauthorized\)|Refused to execute script .* MIME type|Loading chunk \d+ failed/,
    });

    test('reloads into the sign-in route, renews the session and lands on the link', async ({ page }) => {
      await signInAsNewReader(page);
      const next = page.getByRole('navigation', { name: 'Docs pages' }).getByRole('link').last();
      const target = new URL((await next.getAttribute('href')) as string, page.url()).pathname;
      await expireAccessToken(page, { stay: true });
      const loads = documentLoads(page);
      await next.click();
      await expect(page).toHaveURL((url) => url.pathname === target);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(loads).toEqual([target, '/sign-in', target]);
    });
  });

  test.describe('refused by the server', () => {
    // The stand-in server answers the shell's session check with 401, and Chromium logs it.
    test.use({ expectedConsoleError: /status of 401 \(Unauthorized\)/ });

    test('a session the server keeps refusing gets a way out, not a loop', async ({ page }) => {
      await signInAsNewReader(page);
      // Stands in for a server that disagrees with the page about the session (a skewed clock).
      await page.route(`**${deepLink}`, (route) =>
        route.request().isNavigationRequest()
          ? route.fulfill({ status: 302, headers: { location: `/sign-in?returnTo=${encodeURIComponent(deepLink)}` } })
          : route.fulfill({ status: 401, body: 'Sign in to read the handbook.' }),
      );
      const loads = documentLoads(page);
      await page.reload();
      const alert = page.getByRole('alert').filter({ hasText: 'Your session was not accepted' });
      await expect(alert).toBeVisible();
      expect(loads).toEqual([deepLink, '/sign-in']);
      await alert.getByRole('button', { name: 'Sign out and sign in again' }).click();
      await expectSignInForm(page);
    });
  });
});
