import type { Locator } from '@playwright/test';
import { localIdentityUrl } from '../core/local-pool';
import { expect, test } from './fixtures';
import { createReader, signedOut } from './accounts';
import {
  deepLink,
  deepLinkHeading,
  open,
  requestPasswordReset,
  signInThroughForm,
  submitPasswordReset,
} from './helpers';

test.use({ storageState: signedOut });

/** Whether the browser was kept from showing its own bubble for the field's last check. */
async function watchBubble(field: Locator): Promise<() => Promise<boolean>> {
  await field.evaluate((input) => {
    input.addEventListener('invalid', (event) => {
      (input as HTMLInputElement).dataset.bubbleSuppressed = String(event.defaultPrevented);
    });
  });
  return async () => (await field.getAttribute('data-bubble-suppressed')) === 'true';
}

test.describe('validation messages in the spec’s words', () => {
  test('empty fields say "This field is required", beside each field', async ({ page }) => {
    await open(page, deepLink);
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const suppressed = await watchBubble(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(email).toHaveAccessibleDescription('This field is required');
    await expect(password).toHaveAccessibleDescription('This field is required');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    expect(await suppressed()).toBe(true);

    await email.fill('reader@handbook.local');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('This field is required')).toHaveCount(1);
  });

  test('an address that is not an email says "Please enter a valid email"', async ({ page }) => {
    await open(page, deepLink);
    const email = page.getByLabel('Email');
    const suppressed = await watchBubble(email);
    await email.fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('Anything-1!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(email).toHaveAccessibleDescription('Please enter a valid email');
    expect(await suppressed()).toBe(true);
  });
});

test.describe('forgotten password', () => {
  test('an unknown email is answered like a known one, so no one learns who has an account', async ({ page }) => {
    await requestPasswordReset(page, `nobody-${Date.now()}@handbook.local`);
    await expect(page.getByText('User not found')).toHaveCount(0);
    await submitPasswordReset(page, 'Reset-Password-9');
    await expect(page.getByRole('alert').filter({ hasText: /code/i })).toBeVisible();
    await expect(page.getByText('User not found')).toHaveCount(0);
  });

  test('the code step leads back to sign-in', async ({ page }) => {
    const reader = await createReader();
    await requestPasswordReset(page, reader.email);
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'password has been reset' })).toHaveCount(0);
  });

  test('a reset password is confirmed, and the reader signs in with it', async ({ page }) => {
    const reader = await createReader();
    await requestPasswordReset(page, reader.email);
    await submitPasswordReset(page, 'Reset-Password-9');
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been reset. Sign in with your new password.' }),
    ).toBeVisible();
    await signInThroughForm(page, reader.email, 'Reset-Password-9');
    await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  });
});

test('a password change answered after its sign-in session ended says so and returns to sign-in', async ({ page }) => {
  const newcomer = await createReader({ temporaryOnly: true });
  await open(page, deepLink);
  await signInThroughForm(page, newcomer.email, newcomer.password);
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  // Three idle minutes, without waiting them: the identity service answers a challenge session it no
  // longer holds exactly as it answers one whose three minutes are over (Cognito's words).
  await page.route(`${localIdentityUrl}/`, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    if (body.ChallengeName !== 'NEW_PASSWORD_REQUIRED') return route.continue();
    await route.continue({ postData: JSON.stringify({ ...body, Session: 'a-session-that-has-ended' }) });
  });
  await page.getByLabel('Password', { exact: true }).fill('Chosen-Password-1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Chosen-Password-1');
  await page.getByRole('button', { name: 'Change Password' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Your sign-in session expired, sign in again.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText(/verification code/i)).toHaveCount(0);
});

test.describe("the form in the handbook's colours", () => {
  const primary = { light: 'rgb(11, 92, 173)', dark: 'rgb(140, 196, 255)' } as const;
  for (const theme of ['light', 'dark'] as const) {
    test(`its primary button and links are the site's blue (${theme})`, async ({ page }) => {
      await open(page, `/sign-in?docusaurus-theme=${theme}`);
      const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
      await expect(signIn).toHaveCSS('background-color', primary[theme]);
      if (theme === 'dark') {
        await expect(page.getByRole('button', { name: 'Forgot your password?' })).toHaveCSS('color', primary.dark);
      }
    });
  }
});
