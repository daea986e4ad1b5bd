/** Under `npm start` (the dev-server suite only: playwright.dev.config.ts): no index exists, and search says how to get one. */
import { expect, test } from './fixtures';
import { open } from './helpers';

const HOW_TO_SEARCH = 'Search works on a build: HANDBOOK_AUTH=local npm run build, then npm run serve.';

test('the search box says in one line how to get a search', { tag: '@dev-server' }, async ({ page }) => {
  await open(page, '/arc/architecture');
  const input = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');
  await input.click();
  await input.fill('on-call');
  await expect(page.getByText(HOW_TO_SEARCH)).toBeVisible();
});

test('the search page says the same', { tag: '@dev-server' }, async ({ page }) => {
  await open(page, '/search?q=on-call');
  await expect(page.getByRole('main').getByText(HOW_TO_SEARCH)).toBeVisible();
});
