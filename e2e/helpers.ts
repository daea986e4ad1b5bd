/** What the specs do again and again: open a page, sign in through the form, check which one shows. */
import { expect } from '@playwright/test';
import type { Page, Response } from '@playwright/test';
import { confirmationCode, createReader } from './accounts';

/** A page deep in the handbook: landing back on it proves the way through sign-in kept it. */
export const deepLink = '/arc/modules/iam/authorization-flow';
export const deepLinkHeading = { level: 1, name: 'Authorization Flow' } as const;

/** Waits until React has hydrated the prerendered page, so clicks reach real handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
}

/** Opens a path and waits for hydration; the page's own response. */
export async function open(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** The sign-in form shows: its heading is the site's name, as on every page. */
export async function expectSignInForm(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering Handbook' })).toBeVisible();
}

/** Signs in through the sign-in form, as a reader types it. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A new reader of its own signs in from the deep link and lands on it. */
export async function signInAsNewReader(page: Page): Promise<void> {
  const reader = await createReader();
  await open(page, deepLink);
  await signInThroughForm(page, reader.email, reader.password);
  await expect(page.getByRole('heading', deepLinkHeading)).toBeVisible();
  // A live session shows the page before React hydrates; the session provider reads the cookies
  // only then, and a test that changes them sooner races it.
  await waitForHydration(page);
}

/** From the deep link, asks for a forgotten password's code to be emailed to `email`. */
export async function requestPasswordReset(page: Page, email: string): Promise<void> {
  await open(page, deepLink);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('textbox', { name: 'Code *' })).toBeVisible();
}

/** The second step of a password reset: the emailed code and the new password, twice. */
export async function submitPasswordReset(page: Page, newPassword: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Code *' }).fill(confirmationCode);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/**
 * Switches the page to the other colour mode with the navbar's switch. Following the system's
 * setting (`respectPrefersColorScheme`), the switch cycles through three choices, the system's,
 * light and dark, so a click may choose the mode already shown: it clicks until the mode changes.
 */
export async function toggleColourMode(page: Page): Promise<void> {
  const html = page.locator('html');
  const shown = await html.getAttribute('data-theme');
  const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
  for (let click = 0; click < 3; click += 1) {
    const choice = (await html.getAttribute('data-theme-choice')) ?? '';
    await toggle.click();
    await expect(html).not.toHaveAttribute('data-theme-choice', choice);
    if ((await html.getAttribute('data-theme')) !== shown) return;
  }
  throw new Error(`The colour-mode switch never left ${shown}`);
}
