import './core/load-env';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch, failureEvidence } from './playwright.config';

/**
 * The second factor for password accounts, end to end: a local-mode build made with
 * HANDBOOK_AUTH_PASSWORD_MFA=required in `build-mfa/` (`npm run test:e2e:mfa` makes it), served
 * through the gate as `npm run serve` serves it, with the identity service started with the same
 * setting. Ports as the main suite's (HANDBOOK_TEST_PORT, HANDBOOK_IDENTITY_PORT): run it after,
 * never alongside.
 */
const port = Number(process.env.HANDBOOK_TEST_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: /password-mfa(-account)?\.spec\.ts/,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  outputDir: 'test-results-mfa',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report-mfa' }]] : 'list',
  // Two sign-ins, a sign-out and a QR code in one test, on a shared 2-core machine.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    ...failureEvidence,
    launchOptions: chromiumLaunch,
  },
  webServer: {
    command: `npx tsx gate/cli.ts --dir build-mfa --port ${port} --requests-per-second 5000`,
    url: `${baseURL}/sign-in`,
    env: { HANDBOOK_AUTH_PASSWORD_MFA: 'required', HANDBOOK_IDENTITY_LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
