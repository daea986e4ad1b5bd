/**
 * The routes of the build: every one of them is in the sitemap (and its links were checked by the
 * build, `onBrokenLinks: 'throw'`); a browser opens a fixed sample, one page of each layout, and
 * every page changed on the branch, so the suite's time does not grow with the handbook.
 */
import { expect, test } from './fixtures';
import { sitemapPaths } from './build-output';
import { categoryRoutes, changedRoutes, docRoutes, layoutSample, specCategoryRoutes } from './routes';
import { open } from './helpers';

const routes = sitemapPaths();

test('the sitemap lists exactly the routes of the specification', () => {
  expect([...routes].sort()).toEqual([...docRoutes, ...categoryRoutes, '/search'].sort());
});

test('the sitemap lists every category page the specification names', () => {
  expect(routes).toEqual(expect.arrayContaining(specCategoryRoutes));
});

const sample = layoutSample();
const changed = changedRoutes().filter((route) => !sample.some((page) => page.route === route));
for (const { layout, route } of [...sample, ...changed.map((route) => ({ layout: 'changed on the branch', route }))]) {
  test(`${layout}: ${route} loads and hydrates without console errors`, async ({ page }) => {
    const response = await open(page, route);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  });
}

test('not found: a missing page answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/arc/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
