import { defineConfig, devices } from '@playwright/test';
import { localIdentityUrl } from './core/local-pool';
import { chromiumLaunch } from './playwright.config';
import { budgets } from './e2e/budgets';
import { confirmationCode, readerSessionFile } from './e2e/accounts';

/**
 * The specs a reader also meets through `npm start`'s dev server: links to a section, "Sign In
 * with Google", an account outside the reader group, a page's owner, and search (which there says how to get one). It starts `npm start` itself, on ports of its own (the site on HANDBOOK_DEV_TEST_PORT,
 * default 3200; the identity service on HANDBOOK_IDENTITY_PORT, which `npm run test:e2e:dev` sets),
 * so it never meets a dev server someone left running.
 */
const port = Number(process.env.HANDBOOK_DEV_TEST_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Its own folder, so this run does not delete the traces of a failure in `npm run test:e2e`.
  outputDir: 'test-results-dev',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report-dev' }]] : 'list',
  timeout: budgets.test,
  expect: { timeout: budgets.expect },
  use: { baseURL, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'sign-in', testMatch: /auth\.setup\.ts/, use: { launchOptions: chromiumLaunch } },
    {
      name: 'dev-server',
      testMatch: /(anchors|google-sign-in|not-a-reader|page-ownership|search-dev)\.spec\.ts/,
      dependencies: ['sign-in'],
      use: { ...devices['Desktop Chrome'], storageState: readerSessionFile, launchOptions: chromiumLaunch },
    },
  ],
  webServer: {
    // The dev server and its identity service, as a newcomer runs them; fixed codes, quiet logs.
    command: `npm start -- --port ${port} --no-open`,
    url: `${baseURL}/sign-in`,
    env: { CODE: confirmationCode, HANDBOOK_IDENTITY_LOG_LEVEL: 'warn', BROWSER: 'none' },
    reuseExistingServer: false,
    timeout: 240_000,
  },
});

if (!process.env.HANDBOOK_IDENTITY_PORT) {
  throw new Error(
    `Run the dev-server specs through npm run test:e2e:dev: it gives them an identity service port of their own (not ${localIdentityUrl})`,
  );
}
