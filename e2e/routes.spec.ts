import { expect, open, test } from './fixtures';
import { sitemapPaths } from './build-output';
import { categoryRoutes, docRoutes } from './routes';

const routes = sitemapPaths();

test('the sitemap lists exactly the routes of the specification', () => {
  expect([...routes].sort()).toEqual([...docRoutes, ...categoryRoutes, '/search'].sort());
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
