/** Headless Chromium for the bench, and the demo reader's session, signed in through the real form. */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import { localIdentity } from '../identity/local-pool';
import { onCleanup } from './cleanup';
import { installProbes } from './page-probes';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep Chromium off the network beyond loopback (the machine has none anyway). */
export const QUIET_CHROMIUM_FLAGS = ['--disable-background-networking', '--disable-component-update', '--no-first-run'];

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: QUIET_CHROMIUM_FLAGS,
  });
  onCleanup('browser', () => browser.close());
  return browser;
}

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A fresh context (empty cache) with the in-page probes, signed in when given a state. */
export async function newContext(browser: Browser, storageState?: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 } });
  // tsx (esbuild, keepNames) wraps inner functions in `__name(...)`, which the page lacks: define it.
  await context.addInitScript({
    content: `globalThis.__name ??= (target) => target;\n(${installProbes.toString()})();`,
  });
  return context;
}

/**
 * The local pool's tokens live five minutes and the gate serves a page only with a minute left:
 * a session older than this is replaced before it is used.
 */
const SESSION_REUSE_MS = 120_000;

export class ReaderSession {
  private state?: StorageState;
  private signedInAt = 0;

  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
  ) {}

  /** The demo reader's cookies, from a sign-in less than two minutes old. */
  async storageState(): Promise<StorageState> {
    if (!this.state || Date.now() - this.signedInAt > SESSION_REUSE_MS) {
      this.state = await this.signIn();
      this.signedInAt = Date.now();
    }
    return this.state;
  }

  /** Forces the next `storageState()` to sign in again. */
  expire(): void {
    this.state = undefined;
  }

  private async signIn(): Promise<StorageState> {
    const context = await this.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${this.origin}/sign-in`);
      const { email, password } = localIdentity.demoUser;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Sign out' }).or(page.locator('main h1')).first().waitFor();
      const state = await context.storageState();
      if (!state.cookies.some((cookie) => cookie.name.endsWith('.accessToken'))) {
        throw new Error('signed in, but no access token cookie was stored');
      }
      return state;
    } finally {
      await context.close();
    }
  }
}
