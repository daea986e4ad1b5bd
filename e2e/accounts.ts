import { randomUUID } from 'node:crypto';
import type { Cookie, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { localIdentity, localIdentityUrl } from '../core/local-pool';
import { readSigningKey } from '../identity/signing-key';
import { reissueToken } from '../testkit/tokens';
import { adminCreateUser, claimsOf, cognitoCall, sessionCookies, signInForTokens } from '../testkit/local-identity';

/** Every confirmation code the local identity service sends during the browser tests. */
export const confirmationCode = '123456';

/** The demo reader's signed-in browser state, written by `auth.setup.ts` for the other tests. */
export const readerSessionFile = 'playwright/.auth/reader.json';

export const demoReader = localIdentity.demoUser;

/** Where the identity service the suite starts keeps its signing key (see playwright.config.ts). */
export const identitySigningKeyFile = 'playwright/.auth/identity-signing-key.json';

/** A browser state with no session, for tests that start at the gate. */
export const signedOut = { cookies: [], origins: [] };

/**
 * A new reader of its own, so tests that sign out or revoke never touch another test's session;
 * with `reader: false`, an account an administrator has not yet put in the reader group.
 */
export async function createReader(
  options: { emailVerified?: boolean; temporaryOnly?: boolean; reader?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = `reader-${randomUUID()}@handbook.local`;
  const password = `Reader-${randomUUID().slice(0, 8)}!1`;
  await adminCreateUser(localIdentityUrl, email, {
    temporaryPassword: password,
    emailVerified: options.emailVerified,
    permanentPassword: options.temporaryOnly ? undefined : password,
    reader: options.reader,
  });
  return { email, password };
}

/** The session cookie Amplify keeps for one of the reader's tokens. */
export async function tokenCookie(page: Page, token: 'accessToken' | 'idToken' | 'refreshToken'): Promise<Cookie> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name.endsWith(`.${token}`));
  expect(cookie, `the ${token} cookie`).toBeTruthy();
  return cookie as Cookie;
}

/** Revokes every refresh token of the reader whose session the page holds, as a global sign-out would. */
export async function revokeSessionOf(page: Page): Promise<void> {
  const { value } = await tokenCookie(page, 'accessToken');
  await cognitoCall(localIdentityUrl, 'GlobalSignOut', { AccessToken: value });
}

/**
 * Replaces the reader's access token with the same one expired, as the server will see it. Unless
 * the test follows a link on the page itself (`stay`), the page is left first, for a blank one:
 * a page still prefetching would have its requests refused.
 */
export async function expireAccessToken(page: Page, { stay = false } = {}): Promise<void> {
  const cookie = await tokenCookie(page, 'accessToken');
  const { origin } = new URL(page.url());
  if (!stay) await page.goto('about:blank');
  const expired = reissueToken(
    cookie.value,
    { exp: Math.floor(Date.now() / 1000) - 60 },
    readSigningKey(identitySigningKeyFile),
  );
  // As Amplify's CookieStorage writes it: host-only, path `/`.
  await page
    .context()
    .addCookies([{ name: cookie.name, value: expired, url: `${origin}/`, sameSite: 'Lax', expires: cookie.expires }]);
}

let readerTokens: { cookies: Cookie[]; renewAt: number } | null = null;

/**
 * The demo reader's session cookies, as Amplify's CookieStorage writes them, from a sign-in at the
 * local service, renewed when near its end: the local pool's tokens live five minutes, and tests
 * that are not about renewal should not pass by the sign-in route to renew them.
 */
export async function freshReaderCookies(baseURL: string): Promise<Cookie[]> {
  if (readerTokens && Date.now() < readerTokens.renewAt) return readerTokens.cookies;
  const tokens = await signInForTokens(localIdentityUrl);
  const { hostname } = new URL(baseURL);
  const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  const cookies = sessionCookies(tokens).map(({ name, value }): Cookie => ({
    name,
    value,
    domain: hostname,
    path: '/',
    expires,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax',
  }));
  readerTokens = { cookies, renewAt: Number(claimsOf(tokens.accessToken).exp) * 1000 - 120_000 };
  return cookies;
}
