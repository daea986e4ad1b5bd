import type { Page } from '@playwright/test';
import { localIdentity } from '../core/local-pool';
import { totpCode, totpStep } from '../core/totp';
import { expect, test } from './fixtures';
import { createReader, signedOut } from './accounts';
import { deepLink, deepLinkHeading, open, signInThroughForm } from './helpers';

/**
 * A second factor for password accounts (`passwordAccountMfa: required`), in the Authenticator's
 * own screens with Amplify's unmodified client: a build made with HANDBOOK_AUTH_PASSWORD_MFA=required
 * and the local identity service started with it (playwright.mfa.config.ts). The test reads the
 * secret from the setup screen and computes codes as an authenticator app would (core/totp.ts).
 */
test.use({ storageState: signedOut });

/** A code of the next 30-second step: accepted (one step of drift either way), and never used before. */
const freshCode = (secret: string) => totpCode(secret, totpStep() + 1);
/** A six-digit code that is none of the accepted ones. */
function wrongCode(secret: string): string {
  const accepted = new Set([-1, 0, 1, 2].map((offset) => totpCode(secret, totpStep() + offset)));
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !accepted.has(code)) as string;
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
}

test('a password account sets TOTP up at its first sign-in with the QR code, then signs in with a fresh code', async ({
  page,
}) => {
  const reader = await createReader();
  await open(page, deepLink);
  await signInThroughForm(page, reader.email, reader.password);

  await expect(page.getByRole('heading', { name: 'Setup TOTP' })).toBeVisible();
  const qrCode = page.getByRole('img', { name: 'qr code' });
  await expect(qrCode).toBeVisible();
  expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qrCode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent()) as string;

  await page.getByLabel('Code').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Code mismatch' })).toBeVisible();
  await expect(page.getByRole('heading', deepLinkHeading)).toHaveCount(0);

  await page.getByLabel('Code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();

  await signOut(page);
  await signInThroughForm(page, reader.email, reader.password);
  await expect(page.getByRole('heading', { name: 'Confirm TOTP Code' })).toBeVisible();
  await page.getByLabel('Code').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code received for user' })).toBeVisible();
  await page.getByLabel('Code').fill(freshCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
});

test('a Google account signs in without a second factor: Cognito leaves it to Google', async ({ page }) => {
  const [member] = localIdentity.googleAccounts;
  await open(page, deepLink);
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await page.getByRole('button', { name: new RegExp(member.name) }).click();
  await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setup TOTP' })).toHaveCount(0);
});
