import { expect, test as base } from '@playwright/test';
import { localIdentityUrl } from '../core/local-pool';
import { freshReaderCookies, readerSessionFile } from './accounts';

/** Requests to the local identity service, on whichever port it runs (HANDBOOK_IDENTITY_PORT). */
const fromIdentityService = new RegExp(`^${localIdentityUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`);

/**
 * Console errors that are not the handbook's fault. Every entry says why it is tolerated;
 * anything else logged as an error fails the test.
 */
const allowedConsoleErrors: { text: RegExp; url?: RegExp }[] = [
  // Chromium reports the 404 status of the not-found page itself as a failed resource load.
  { text: /Failed to load resource: the server responded with a status of 404/ },
  // The identity service refuses a wrong password or a revoked refresh token with HTTP 400, as
  // Cognito does, and Chromium logs every 4xx response; the tests assert what the reader sees.
  { text: /Failed to load resource: the server responded with a status of 400/, url: fromIdentityService },
];

type Fixtures = {
  /** Console errors seen during the test; checked automatically when it ends. */
  consoleErrors: string[];
  /** Errors a test provokes on purpose (`test.use`), with the reason beside it. */
  expectedConsoleError: RegExp | null;
};

export const test = base.extend<Fixtures>({
  // Tests that start as the demo reader get a live session, however long the suite has run.
  context: async ({ context, storageState, baseURL }, provide) => {
    if (storageState === readerSessionFile) await context.addCookies(await freshReaderCookies(baseURL as string));
    await provide(context);
  },
  expectedConsoleError: [null, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleError }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        const { url } = message.location();
        const allowed =
          allowedConsoleErrors.some((entry) => entry.text.test(text) && (!entry.url || entry.url.test(url))) ||
          !!expectedConsoleError?.test(text);
        if (!allowed) errors.push(`${text} (${url})`);
      });
      // The stack names the script an uncaught error came from, which the message alone does not.
      page.on('pageerror', (error) => {
        if (!expectedConsoleError?.test(error.message)) errors.push(`uncaught: ${error.stack ?? error.message}`);
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
