import { expect, test } from './fixtures';
import { signedOut } from './identity';
import { open, toggleColourMode } from './helpers';

test('the account item names the reader as the pool does: "Demo Reader"', async ({ page }) => {
  await open(page, '/arc/architecture');
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await expect(navbar.getByText('Demo Reader', { exact: true })).toBeVisible();
});

test('a printed page is the article: no sidebar column, collapse button or edit link', async ({ page }) => {
  await open(page, '/how-we-work/testing');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Edit this page' })).toBeHidden();
  // The article starts at the page's margin, not beside an empty 300 px column.
  expect((await page.locator('article').boundingBox())?.x).toBeLessThan(100);
});

test('the announcement bar follows the colour mode', async ({ page }) => {
  await open(page, '/arc/architecture');
  const bar = page.locator('.theme-announcement-bar');
  await expect(bar).toHaveCSS('background-color', 'rgb(11, 92, 173)');
  await toggleColourMode(page);
  await expect(bar).toHaveCSS('background-color', 'rgb(31, 58, 92)');
  await expect(bar).toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('shell code blocks are highlighted', async ({ page }) => {
  await open(page, '/how-we-work/releases');
  const block = page.locator('pre.language-bash, div.language-bash pre').first();
  await expect(block).toBeVisible();
  // Every line is a `plain` token; a grammar adds tokens of other kinds (commands, strings, flags).
  expect(await block.locator('.token:not(.plain)').count()).toBeGreaterThan(2);
});

test('each page says when it was last updated', async ({ page }) => {
  await open(page, '/how-we-work/testing');
  await expect(page.locator('.theme-last-updated')).toContainText(/Last updated on \w+ \d+, \d{4}/);
});

test.describe('signed out', () => {
  test.use({ storageState: signedOut });

  test('the Google button carries Google’s “G” mark', async ({ page }) => {
    await open(page, '/sign-in');
    const button = page.getByRole('button', { name: 'Sign In with Google' });
    const mark = button.locator('svg');
    await expect(mark).toBeVisible();
    for (const colour of ['#EA4335', '#4285F4', '#FBBC05', '#34A853']) {
      await expect(mark.locator(`path[fill="${colour}"]`)).toHaveCount(1);
    }
    const box = await mark.boundingBox();
    expect(box?.width).toBe(18);
  });
});
