import type { Page } from '@playwright/test';
import { localIdentity } from '../core/local-pool';
import { expect, test } from './fixtures';
import { signedOut } from './accounts';
import { deepLink, deepLinkHeading, open, waitForHydration } from './helpers';

/**
 * "Sign In with Google" in local mode, in the browser as a person uses it: Amplify's own redirect
 * flow (PKCE, state, the code exchange at /oauth2/token) against the local identity service's
 * stand-in for Google. Nothing is routed or faked in the browser.
 */
const [member, outsider, consumer] = localIdentity.googleAccounts;

test.use({ storageState: signedOut });

async function chooseGoogleAccount(page: Page, account: { name: string }): Promise<void> {
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(account.name) }).click();
}

test(
  'returns the reader signed in, by name, to the page and section they asked for',
  { tag: '@dev-server' },
  async ({ page }) => {
    await open(page, `${deepLink}#errors-the-client-sees`);
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    const authorize = new URL(page.url());
    expect(authorize.protocol).toBe('http:');
    expect(authorize.pathname).toBe('/google/o/oauth2/v2/auth');
    await page.getByRole('button', { name: new RegExp(member.name) }).click();

    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(deepLink);
    expect(new URL(page.url()).hash).toBe('#errors-the-client-sees');
    await expect(page.getByRole('heading', { name: 'Errors the client sees' })).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(member.name)).toBeVisible();
  },
);

test('an account outside the company’s email domains is refused with the rule’s own words', async ({ page }) => {
  await open(page, deepLink);
  await chooseGoogleAccount(page, outsider);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Only company email addresses may sign in to the handbook.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', deepLinkHeading)).toHaveCount(0);
});

test('a consumer Google account on a company address is refused: Google names no Workspace', async ({ page }) => {
  await open(page, deepLink);
  await chooseGoogleAccount(page, consumer);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Only Google accounts of the company’s Google Workspace may sign in to the handbook.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', deepLinkHeading)).toHaveCount(0);
});

test('cancelling at Google shows the OAuth error and the form', async ({ page }) => {
  await open(page, deepLink);
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'An error has occurred during the oauth process.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('signing out after a Google sign-in lands on the sign-in form', { tag: '@dev-server' }, async ({ page }) => {
  await open(page, deepLink);
  await chooseGoogleAccount(page, member);
  await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sign-in');
});

test.describe('an abandoned Google sign-in', () => {
  /**
   * "At once": once the sign-in page has loaded and hydrated (slow on a dev server), the form shows
   * within moments, not after Amplify's five-minute deadline for a sign-in in flight.
   */
  async function expectFormAtOnce(page: Page): Promise<void> {
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 3_000 });
    await expect(page.getByText('Checking your sign-in…')).toHaveCount(0);
  }

  test('going Back from Google shows the form at once', async ({ page }) => {
    await open(page, deepLink);
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await page.goBack();
    await expectFormAtOnce(page);
  });

  test('the handbook opened afresh meanwhile shows the form at once', async ({ page, context }) => {
    await open(page, deepLink);
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/arc/architecture');
    await expectFormAtOnce(other);
    await page.goto(deepLink);
    await expectFormAtOnce(page);
  });
});

for (const [colorScheme, background] of [
  ['light', 'rgb(241, 243, 244)'],
  ['dark', 'rgb(32, 33, 36)'],
] as const) {
  test.describe(`the stand-in for Google in ${colorScheme} mode`, () => {
    test.use({ colorScheme });
    test('follows the reader’s preference, as Google’s own page does', async ({ page }) => {
      await open(page, deepLink);
      await page.getByRole('button', { name: 'Sign In with Google' }).click();
      await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
      await expect(page.locator('body')).toHaveCSS('background-color', background);
    });
  });
}
