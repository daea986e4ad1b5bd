import { expect, test } from './fixtures';
import { readerSessionFile } from './accounts';
import { open, toggleColourMode, waitForHydration } from './helpers';

test('the colour mode starts light, toggles to dark and survives a reload', async ({ page }) => {
  await open(page, '/arc/architecture');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await toggleColourMode(page);
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await waitForHydration(page);
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await toggleColourMode(page);
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test("the operating system's dark setting is followed, on the sign-in page too, until the reader picks a mode", async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark', storageState: readerSessionFile });
  const page = await context.newPage();
  await open(page, '/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await toggleColourMode(page);
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await waitForHydration(page);
  await expect(html).toHaveAttribute('data-theme', 'light');
  await context.close();

  const signedOut = await browser.newContext({ colorScheme: 'dark' });
  const signIn = await signedOut.newPage();
  await signIn.goto('/sign-in');
  await expect(signIn.locator('html')).toHaveAttribute('data-theme', 'dark');
  await signedOut.close();
});
