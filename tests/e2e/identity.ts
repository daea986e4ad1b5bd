import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { localIdentity, localIdentityUrl } from '../../identity/local-pool';
import { adminCreateUser, cognitoCall } from '../../identity/testing';

/** Every confirmation code the local identity service sends during the browser tests. */
export const confirmationCode = '123456';

/** The demo reader's signed-in browser state, written by `auth.setup.ts` for the other tests. */
export const readerSessionFile = 'playwright/.auth/reader.json';

export const demoReader = localIdentity.demoUser;

/** A browser state with no session, for tests that start at the gate. */
export const signedOut = { cookies: [], origins: [] };

/** A new reader of its own, so tests that sign out or revoke never touch another test's session. */
export async function createReader(
  options: { emailVerified?: boolean; temporaryOnly?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = `reader-${randomUUID()}@handbook.local`;
  const password = `Reader-${randomUUID().slice(0, 8)}!1`;
  await adminCreateUser(localIdentityUrl, email, {
    temporaryPassword: password,
    emailVerified: options.emailVerified,
    permanentPassword: options.temporaryOnly ? undefined : password,
  });
  return { email, password };
}

/** Revokes every refresh token of the reader whose session the page holds, as a global sign-out would. */
export async function revokeSessionOf(page: Page): Promise<void> {
  const accessToken = await page.evaluate(
    () => Object.entries(window.localStorage).find(([key]) => key.endsWith('.accessToken'))?.[1],
  );
  expect(accessToken, 'an access token in the browser').toBeTruthy();
  await cognitoCall(localIdentityUrl, 'GlobalSignOut', { AccessToken: accessToken });
}

/** Signs in through the gate's form, as a reader types it. */
export async function signInThroughGate(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
