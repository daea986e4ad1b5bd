import './core/load-env';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { localIdentityUrl } from './core/local-pool';
import { confirmationCode, identitySigningKeyFile, readerSessionFile } from './e2e/accounts';
import { budgets } from './e2e/budgets';
import { PREVIEW_BUILD, PREVIEW_PORT } from './e2e/build-output';

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
const systemChromium = '/usr/bin/chromium';
const port = Number(process.env.HANDBOOK_TEST_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// The preview on an origin of its own (http://localhost:<port + 1>), as `npm run serve` serves it.
const previewOption = existsSync(PREVIEW_BUILD) ? ` --preview 42=${PREVIEW_BUILD} --preview-port ${PREVIEW_PORT}` : '';

export const chromiumLaunch = {
  executablePath: existsSync(systemChromium) ? systemChromium : undefined,
  // The machine has no network beyond loopback: keep Chromium from dialling out.
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/**
 * What a failed test leaves to look at. On CI, where a failed test runs again, the retry records a
 * trace (`on-first-retry`, as Playwright's "Trace viewer" guide sets it up). Recording one for every
 * test and keeping it only on failure took 11% of the accessibility spec's time (2:59 against 2:39,
 * quiet), and the production suite took 16.3 min quiet with it, 11.7 without. Run locally, without
 * retries, a failed test keeps its trace.
 */
export const failureEvidence = {
  trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  screenshot: 'only-on-failure',
} as const;

export default defineConfig({
  testDir: './e2e',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Tests of one file on either worker: each has a browser context of its own, and the longest
  // file (axe over every page) no longer leaves one worker idle at the end.
  fullyParallel: true,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: budgets.test,
  expect: { timeout: budgets.expect },
  use: {
    baseURL,
    ...failureEvidence,
  },
  projects: [
    { name: 'sign-in', testMatch: /auth\.setup\.ts/, use: { launchOptions: chromiumLaunch } },
    {
      name: 'chromium',
      dependencies: ['sign-in'],
      // The dev server's own spec: a build has a search index. The second factor has a build and
      // an identity service of its own (playwright.mfa.config.ts).
      testIgnore: /(search-dev|password-mfa(-account)?)\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        storageState: readerSessionFile,
        launchOptions: chromiumLaunch,
      },
    },
  ],
  webServer: [
    {
      // The local identity service a local-mode build signs in against, with fixed codes for the
      // confirmation-code flows, keeping its signing key where the tests can mint an expired token.
      // Never reused: one left by `npm start` sends random codes and keeps its key to itself.
      command: `npx tsx identity/launch.ts --signing-key-file ${identitySigningKeyFile}`,
      url: `${localIdentityUrl}/health`,
      env: { CODE: confirmationCode, HANDBOOK_IDENTITY_LOG_LEVEL: 'warn' },
      reuseExistingServer: false,
      // Up in 26 s at a load average of 22 on 2 cores (1 s when idle).
      timeout: 120_000,
    },
    {
      // The production build (`HANDBOOK_AUTH=local npm run build`) through the gate server, as a
      // reader gets it. Every worker and the crawl, which asks for every file of the build at once,
      // share one address: its request budget is that of a busy office, not of one reader.
      command: `npx tsx gate/cli.ts --port ${port} --without-identity --requests-per-second 5000${previewOption}`,
      url: `${baseURL}/sign-in`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
