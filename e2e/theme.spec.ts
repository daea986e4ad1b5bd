import { expect, test } from './fixtures';
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

test('the operating system preference does not override the default', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await open(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await context.close();
});
