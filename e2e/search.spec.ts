import type { Page } from '@playwright/test';
import { searchBudgets } from './budgets';
import { expect as expectWithPageBudgets, test } from './fixtures';
import { open } from './helpers';

/** Every test here waits on a search index (searchBudgets). */
test.describe.configure({ timeout: searchBudgets.test });
const expect = expectWithPageBudgets.configure({ timeout: searchBudgets.expect });

/**
 * Phrases that appear in the body text (not the title) of one page per section. Finding them proves
 * the index holds the text of the pages, which an empty prerendered shell would not.
 */
const bodyPhrases = [
  { query: 'Session Manager port forwarding', title: 'Bastion', route: '/arc/infrastructure/bastion' },
  { query: 'Packwerk', title: 'ADR: Modular Monolith', route: '/arc/modules/base/decisions/modular-monolith' },
  { query: 'phq9.v2.json', title: 'Forms', route: '/arc/modules/care_management/forms' },
  {
    query: 'licensure and state scope of practice',
    title: 'Claims Submission',
    route: '/arc/modules/reporting/claims/claims-submission',
  },
  { query: 'Platform Engineering schedule', title: 'Engineering On-Call', route: '/how-we-work/engineering-on-call' },
  { query: 'snowflake_replicator', title: 'PostgreSQL Connector', route: '/data/snowflake/postgresql_connector' },
];

/** The navbar search input: a textbox until autocomplete upgrades it to a combobox on first focus. */
const searchBox = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');

async function searchFromNavbar(page: Page, query: string): Promise<void> {
  const input = searchBox(page);
  await input.click();
  await input.fill(query);
}

/**
 * Whether a URL is the page at `route`, or the same page in a copy of the handbook (`npm run bench
 * -- --scale N` puts each copy under a section of its own, /copy-<n>/, and ranks its pages as the
 * original's).
 */
const isPageOrCopy = (url: URL, route: string) =>
  url.pathname === route || (/^\/copy-\d+\//.test(url.pathname) && url.pathname.endsWith(route));

/**
 * One test, one download of the whole handbook's index: the reader opens each hit and comes back
 * home by the navbar's title, all in the page the search box loaded the index into. A test per phrase fetched and loaded
 * the 2.8 MB index six times, each taking 45-56 s on a busy machine (two suites side by side at a
 * load of 21-26).
 */
test('searching from the home page finds each page by a phrase of its text, and opens it', async ({ page }) => {
  await open(page, '/');
  for (const { query, title, route } of bodyPhrases) {
    await test.step(`"${query}" opens ${route}`, async () => {
      await searchFromNavbar(page, query);
      // A suggestion shows the matched text and the page's breadcrumb trail, ending in its title.
      const hit = page.getByRole('option').filter({ hasText: title }).first();
      await expect(hit).toBeVisible();
      await hit.click();
      await expect(page).toHaveURL((url) => isPageOrCopy(url, route));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Engineering Handbook' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
    });
  }
});

test.describe('from inside a section', () => {
  /** The search index files the page has asked for, by name. */
  function watchIndexRequests(page: Page): string[] {
    const files: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop() ?? '';
      if (/^search-index.*\.json$/.test(file)) files.push(file);
    });
    return files;
  }

  for (const start of ['/arc/architecture', '/data/snowflake/postgresql_connector']) {
    test(`searching "engineering on-call" from ${start} offers the Engineering On-Call page, fetching only small index files`, async ({
      page,
    }) => {
      const indexFiles = watchIndexRequests(page);
      await open(page, start);
      await searchFromNavbar(page, 'engineering on-call');
      const hit = page.getByRole('option').filter({ hasText: 'Engineering On-Call' }).first();
      await expect(hit).toBeVisible();
      // The pages file, shards of terms and pages' entries (src/search/index-files.ts): no index of a
      // section or of the whole handbook.
      expect(indexFiles.length).toBeGreaterThan(0);
      expect(
        indexFiles.every((file) => /^search-index-_(pages|t-\w+|p-\d+)-[0-9a-f]{8}\.json$/.test(file)),
        indexFiles.join(', '),
      ).toBe(true);
      await hit.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Engineering On-Call' })).toBeVisible();
    });
  }
});

test.describe('a page titled with the query comes first', () => {
  const onCall = { title: 'Engineering On-Call', route: '/how-we-work/engineering-on-call' };

  // "on-call" is the words "on" and "call", and the index stems "one" to "on": the page's text
  // search alone offers "One … call" snippets first and never the page (newcomer review 3).
  for (const start of ['/', '/arc/architecture']) {
    test(`from ${start}, "on-call" offers the page Engineering On-Call first`, async ({ page }) => {
      await open(page, start);
      await searchFromNavbar(page, 'on-call');
      const first = page.getByRole('option').first();
      // The page's own entry: its title, where a snippet would start with its text.
      await expect(first).toContainText(new RegExp(`^\\s*${onCall.title}`));
      await first.click();
      // The page itself, not a section of it: a snippet opens at its heading's anchor.
      await expect(page).toHaveURL((url) => isPageOrCopy(url, onCall.route) && !url.hash);
      await expect(page.getByRole('heading', { level: 1, name: onCall.title })).toBeVisible();
    });
  }

  test('the search page for "on-call" lists the page Engineering On-Call first', async ({ page }) => {
    await open(page, '/search?q=on-call');
    const first = page.locator('article').first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText(onCall.title);
    const href = await first.getByRole('link').first().getAttribute('href');
    expect(isPageOrCopy(new URL(href ?? '', 'http://handbook'), onCall.route), href ?? '').toBe(true);
  });
});

test('mod+k focuses the search box from anywhere', async ({ page }) => {
  await open(page, '/arc/architecture');
  await page.keyboard.press('ControlOrMeta+k');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('Sidekiq');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(await page.getByRole('option').count()).toBeLessThanOrEqual(8);
});

test('nonsense finds "No results"', async ({ page }) => {
  await open(page, '/');
  await searchFromNavbar(page, 'zqxjvkwpl');
  await expect(page.getByText('No results')).toBeVisible();
});

test('the search page takes q from the URL and lists matching pages', async ({ page }) => {
  await open(page, '/search?q=Elation');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Elation');
  const results = page.locator('article a[href]');
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeGreaterThan(3);
});

test.describe('the search page', () => {
  test('its tab title carries the site name', async ({ page }) => {
    await open(page, '/search?q=claims');
    await expect(page).toHaveTitle('Search results for "claims" | Engineering Handbook');
  });

  // One browser for the three: a test of its own downloaded the whole handbook's index again.
  test('a version parameter (/arc, next, ..%2F..) is ignored, not an error', async ({ page }) => {
    for (const version of ['/arc', 'next', '..%2F..']) {
      await open(page, `/search?q=Elation&version=${version}`);
      await expect(page.locator('article a[href]').first()).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/search' && !url.searchParams.has('version'));
    }
  });

  test('ctx keeps the results within a top section', async ({ page }) => {
    await open(page, '/search?q=module&ctx=arc');
    const results = page.locator('article h2 a[href]');
    await expect(results.first()).toBeVisible();
    const hrefs = await results.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.every((href) => href.startsWith('/arc/'))).toBe(true);
  });

  test('"See all results" opens /search?q= without a trailing slash', async ({ page }) => {
    await open(page, '/');
    await searchFromNavbar(page, 'Elation');
    let pageLoads = 0;
    page.on('load', () => (pageLoads += 1));
    await page.getByRole('link', { name: 'See all results' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Elation');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Elation');
    // A navigation inside the site; Docusaurus falls back to reloading the page when one fails.
    expect(pageLoads).toBe(0);
  });

  test('within a section the search box offers results within it, and the best page elsewhere for a word only another section has', async ({
    page,
  }) => {
    await open(page, '/arc/architecture');
    await searchFromNavbar(page, 'Packwerk');
    const within = page.getByRole('link', { name: 'See all results within "Architecture"' });
    await expect(within).toBeVisible();
    await expect(within).toHaveAttribute('href', /ctx=arc/);

    await searchFromNavbar(page, 'snowflake_replicator');
    await expect(page.getByRole('option').first()).toContainText('PostgreSQL Connector');

    await searchFromNavbar(page, 'zqxjvkwpl');
    await expect(page.getByRole('link', { name: 'See all results outside "Architecture"' })).toBeVisible();
  });
});
