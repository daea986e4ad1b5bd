import type { Page } from '@playwright/test';
import { totpCode, totpStep } from '../core/totp';
import { expect, test } from './fixtures';
import { createReader, signedOut } from './accounts';
import { axeOn } from './axe';
import { deepLink, deepLinkHeading, open, signInThroughForm } from './helpers';

/**
 * "Two-step sign-in" in the account menu (src/components/TwoStepSignIn) on the `required` build of
 * playwright.mfa.config.ts, with Amplify's unmodified client against the local identity service: a
 * reader replaces their authenticator app, and from then on only the new one's codes sign them in.
 * What only `optional` does (turning it on and off, the item hidden with `off`) is tested in
 * src/components/TwoStepSignIn/tests and identity/tests/second-factor.test.ts.
 *
 * A code is good once: each is of a later 30-second step than the one before (one step of drift
 * either way is accepted), so the test never waits for the clock.
 */
// axe's script is injected into the page, which the gate's CSP refuses otherwise (FIELD-NOTES).
test.use({ storageState: signedOut, bypassCSP: true });

const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function signOut(page: Page): Promise<void> {
  await accountMenu(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
}

/** A password account that has set TOTP up at its first sign-in; returns the secret. */
async function signedInWithTotp(page: Page, reader: { email: string; password: string }): Promise<string> {
  await open(page, deepLink);
  await signInThroughForm(page, reader.email, reader.password);
  await expect(page.getByRole('heading', { name: 'Setup TOTP' })).toBeVisible();
  const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent()) as string;
  await page.getByLabel('Code').fill(totpCode(secret, totpStep() - 1));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  return secret;
}

test('a reader replaces their authenticator app: a wrong code keeps the old one, then only the new one signs in', async ({
  page,
}) => {
  const reader = await createReader();
  const oldSecret = await signedInWithTotp(page, reader);

  await accountMenu(page).getByRole('button', { name: 'Two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-step sign-in' });
  await expect(dialog.getByText(/required for every password account/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Turn off/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Replace your authenticator app' }).click();

  const qrCode = dialog.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qrCode).toBeVisible();
  expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qrCode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const newSecret = (await dialog.getByText(/^[A-Z2-7]{32}$/).textContent()) as string;
  expect(newSecret).not.toBe(oldSecret);
  const { violations } = await axeOn(page).include('dialog').analyze();
  expect(violations.filter((found) => found.impact !== 'minor').map((found) => found.id)).toEqual([]);

  await dialog.getByLabel('Code').fill(totpCode(oldSecret, totpStep()));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^That code is wrong or has expired: .* Nothing has changed\.$/);
  await expect(qrCode).toBeVisible();

  await dialog.getByLabel('Code').fill(totpCode(newSecret, totpStep()));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/Your new authenticator app is set up/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  await signOut(page);
  await signInThroughForm(page, reader.email, reader.password);
  await expect(page.getByRole('heading', { name: 'Confirm TOTP Code' })).toBeVisible();
  await page.getByLabel('Code').fill(totpCode(oldSecret, totpStep() + 1));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code received for user' })).toBeVisible();
  await page.getByLabel('Code').fill(totpCode(newSecret, totpStep() + 1));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
});
