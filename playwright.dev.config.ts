import './e2e/dev-server-ports';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch, failureEvidence } from './playwright.config';
import { budgets } from './e2e/budgets';
import { confirmationCode, readerSessionFile } from './e2e/accounts';

/**
 * The tests tagged `@dev-server`: what a reader also meets through `npm start`'s dev server, where
 * it is wired differently from a build: links to a section, "Sign In with Google" there and back
 * (its redirect addresses), an account outside the reader group, a page's owner, and search (which
 * there says how to get one). What the sign-in page and the identity service do alike under both
 * (the Google stand-in's refusals, an abandoned sign-in) is the production suite's alone: run here
 * as well, those six tests took a third of this suite's 9.7 minutes on a busy machine. It starts
 * `npm start` itself, on ports of its own (the site on HANDBOOK_DEV_TEST_PORT,
 * default 3200; the identity service on HANDBOOK_IDENTITY_PORT, default 9239: e2e/dev-server-ports.ts),
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
  use: { baseURL, ...failureEvidence },
  projects: [
    { name: 'sign-in', testMatch: /auth\.setup\.ts/, use: { launchOptions: chromiumLaunch } },
    {
      name: 'dev-server',
      grep: /@dev-server/,
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
