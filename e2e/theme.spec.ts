import { expect, test } from './fixtures';
import { signedOut } from './accounts';
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

test.describe("the operating system's dark setting", () => {
  // Contexts of the runner's own (test.use), which it closes within the test's time: a context the
  // test made and closed itself once held the test past its 150 s.
  test.use({ colorScheme: 'dark' });

  test('is followed until the reader picks a mode', async ({ page }) => {
    await open(page, '/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await toggleColourMode(page);
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await waitForHydration(page);
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test.describe('signed out', () => {
    test.use({ storageState: signedOut });

    test('is followed on the sign-in page too', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    });
  });
});
