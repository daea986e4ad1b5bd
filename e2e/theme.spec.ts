import { expect, open, test } from './fixtures';

test('the colour mode starts light, toggles to dark and survives a reload', async ({ page }) => {
  await open(page, '/arc/architecture');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('the operating system preference does not override the default', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await open(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await context.close();
});
