import type { Page } from '@playwright/test';
import { localIdentityUrl } from '../core/local-pool';
import { expect, test } from './fixtures';
import { createReader, demoReader, expireAccessToken, revokeSessionOf, signedOut } from './accounts';
import {
  deepLink,
  deepLinkHeading,
  expectSignInForm,
  open,
  requestPasswordReset,
  signInAsNewReader,
  signInThroughForm,
  submitPasswordReset,
  toggleColourMode,
  waitForHydration,
} from './helpers';

/** The sign-in form, and nothing of the page asked for. */
async function expectFormNotPage(page: Page): Promise<void> {
  await expectSignInForm(page);
  await expect(page.getByRole('heading', deepLinkHeading)).toHaveCount(0);
}

test.describe('signed out', () => {
  test.use({ storageState: signedOut });

  test('a deep link shows the modal gate and none of the page', async ({ page }) => {
    // Without session cookies there is no session to read: the form shows without asking the pool.
    const identityCalls: string[] = [];
    page.on('request', (request) => request.url().startsWith(localIdentityUrl) && identityCalls.push(request.url()));
    await open(page, deepLink);
    await expectFormNotPage(page);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(identityCalls).toEqual([]);
    await expect(page.getByRole('img', { name: 'Engineering Handbook' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveCount(0);
    await expect(page.getByText('Create Account')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toHaveCount(0);
  });

  test('empty fields are refused before anything is sent', async ({ page }) => {
    await open(page, deepLink);
    const requests: string[] = [];
    page.on('request', (request) => request.url().startsWith(localIdentityUrl) && requests.push(request.url()));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    for (const field of [page.getByLabel('Email'), page.getByLabel('Password', { exact: true })]) {
      await expect(field).toHaveJSProperty('validity.valueMissing', true);
    }
    expect(requests).toEqual([]);
    await expectFormNotPage(page);
  });

  test('a wrong password shows Cognito’s message in a dismissible alert', async ({ page }) => {
    await open(page, deepLink);
    await signInThroughForm(page, demoReader.email, `${demoReader.password}-wrong`);
    const alert = page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: /dismiss/i }).click();
    await expect(alert).toHaveCount(0);
    await expectFormNotPage(page);
  });

  test('signing in lands on the deep link, survives a reload, shows the reader and signs out', async ({ page }) => {
    const reader = await createReader();
    await open(page, deepLink);
    await signInThroughForm(page, reader.email, reader.password);
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(deepLink);

    await page.reload();
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
    const navbar = page.getByRole('navigation', { name: 'Main' });
    await expect(navbar.getByText(reader.email)).toBeVisible();

    await open(page, '/arc/architecture');
    // Its diagram's scripts load lazily; signing out under them would have them refused.
    await page.waitForLoadState('networkidle');
    await navbar.getByRole('button', { name: 'Sign out' }).click();
    await expectSignInForm(page);
    await expect(page.getByRole('heading', { level: 1, name: 'System Architecture' })).toHaveCount(0);
    await page.goBack();
    await expectFormNotPage(page);
  });

  test('the sign-in page keeps the colour mode the reader chose on the site', async ({ page }) => {
    const reader = await createReader();
    await open(page, deepLink);
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await signInThroughForm(page, reader.email, reader.password);
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
    await toggleColourMode(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expectFormNotPage(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(27, 27, 29)');
  });

  test('an administrator-created user must set a password meeting the rules', async ({ page }) => {
    const newcomer = await createReader({ temporaryOnly: true });
    await open(page, deepLink);
    await signInThroughForm(page, newcomer.email, newcomer.password);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).blur();
    for (const rule of [
      'Password must have at least 8 characters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]) {
      await expect(page.getByText(rule)).toBeVisible();
    }
    await page.getByLabel('Password', { exact: true }).fill('Chosen-Password-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Chosen-Password-2');
    await page.getByLabel('Confirm Password', { exact: true }).blur();
    await expect(page.getByText('Your passwords must match')).toBeVisible();
    await page.getByLabel('Confirm Password', { exact: true }).fill('Chosen-Password-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  });

  test('a forgotten password is reset with the emailed code', async ({ page }) => {
    const reader = await createReader();
    await requestPasswordReset(page, reader.email);
    await submitPasswordReset(page, 'Reset-Password-9');
    await signInThroughForm(page, reader.email, 'Reset-Password-9');
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  });

  test('a reader with an unverified email is asked to verify it and may skip', async ({ page }) => {
    const reader = await createReader({ emailVerified: false });
    await open(page, deepLink);
    await signInThroughForm(page, reader.email, reader.password);
    await expect(page.getByText('Account recovery requires verified contact information')).toBeVisible();
    await expect(page.getByRole('heading', deepLinkHeading)).toHaveCount(0);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  });
});

test.describe('sessions', () => {
  test.use({ storageState: signedOut });

  test('while the session is being renewed the reader sees neither a page nor the form', async ({ page }) => {
    await signInAsNewReader(page);
    let releaseRefresh = () => {};
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    await page.route(`${localIdentityUrl}/`, async (route) => {
      if ((route.request().headers()['x-amz-target'] ?? '').endsWith('GetTokensFromRefreshToken')) await refreshHeld;
      await route.continue();
    });
    await expireAccessToken(page);
    await page.goto(deepLink);
    await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
    await waitForHydration(page);
    await expect(page.getByRole('status')).toHaveText('Checking your sign-in…');
    await expect(page.getByRole('heading', deepLinkHeading)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    releaseRefresh();
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('a revoked refresh token sends the reader back to the gate', async ({ page }) => {
    await signInAsNewReader(page);
    await revokeSessionOf(page);
    await expireAccessToken(page);
    await page.goto(deepLink);
    await expectFormNotPage(page);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(deepLink);
  });
});
