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

/**
 * Whether the screen is wider than the phone it is on: the page, or the Authenticator, which Amplify
 * UI draws as a fixed box that scrolls on its own (so a form wider than the screen never widens the
 * page: the page's own width alone missed the overflow this guards against).
 */
const scrollsSideways = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, document.querySelector('[data-amplify-authenticator]')].some(
      (box) => !box || box.scrollWidth > box.clientWidth,
    ),
  );

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

for (const theme of ['light', 'dark'] as const) {
  test(`on a 390 px phone in ${theme} mode, the TOTP setup and the code entry fit the screen`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const reader = await createReader();
    const openSignIn = () => open(page, `/sign-in?docusaurus-theme=${theme}`);
    await openSignIn();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await signInThroughForm(page, reader.email, reader.password);

    await expect(page.getByRole('heading', { name: 'Setup TOTP' })).toBeVisible();
    const qrCode = page.getByRole('img', { name: 'qr code' });
    await expect(qrCode).toBeVisible();
    const secretKey = page.getByText(/^[A-Z2-7]{32}$/);
    expect(await scrollsSideways(page)).toBe(false);
    for (const part of [qrCode, secretKey, page.getByLabel('Code')]) {
      const box = await part.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, 'inside the screen').toBe(true);
    }

    // Amplify UI's "COPY" tooltip shows on hovering the copy icon only (its `copy` styles).
    await expect(page.getByText('COPY', { exact: true })).toBeHidden();
    // Hovered, a link button keeps its text readable: a light tint under light blue text hid it in dark mode.
    const backToSignIn = page.getByRole('button', { name: 'Back to Sign In' });
    await backToSignIn.hover();
    await expect(backToSignIn).toHaveCSS(
      'background-color',
      theme === 'dark' ? 'rgb(13, 42, 74)' : 'rgb(234, 243, 252)',
    );

    const secret = (await secretKey.textContent()) as string;
    await page.getByLabel('Code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await signOut(page);
    await openSignIn();
    await signInThroughForm(page, reader.email, reader.password);
    await expect(page.getByRole('heading', { name: 'Confirm TOTP Code' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
  });
}

test('a Google account signs in without a second factor: Cognito leaves it to Google', async ({ page }) => {
  const [member] = localIdentity.googleAccounts;
  await open(page, deepLink);
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await page.getByRole('button', { name: new RegExp(member.name) }).click();
  await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setup TOTP' })).toHaveCount(0);
  // Nor is it offered one in the account menu (src/components/TwoStepSignIn).
  const accountMenu = page.getByRole('navigation', { name: 'Main' });
  await expect(accountMenu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(accountMenu.getByRole('button', { name: 'Two-step sign-in' })).toHaveCount(0);
});
