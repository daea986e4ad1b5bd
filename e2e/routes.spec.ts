import { expect, test } from './fixtures';
import { sitemapPaths } from './build-output';
import { categoryRoutes, docRoutes, specCategoryRoutes } from './routes';
import { open } from './helpers';

const routes = sitemapPaths();

test('the sitemap lists exactly the routes of the specification', () => {
  expect([...routes].sort()).toEqual([...docRoutes, ...categoryRoutes, '/search'].sort());
});

test('the sitemap lists every category page the specification names', () => {
  expect(routes).toEqual(expect.arrayContaining(specCategoryRoutes));
});

for (const route of new Set([...routes, '/search'])) {
  test(`${route} loads and hydrates without console errors`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await open(page, route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  });
}
