import { expect, test } from './fixtures';
import { open, waitForHydration } from './helpers';

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/arc/no-such-page');
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

for (const legacyPath of ['/arc/architecture.html', '/arc/architecture/index.html']) {
  test(`${legacyPath} lands on /arc/architecture`, async ({ page }) => {
    await open(page, legacyPath);
    await expect(page).toHaveURL((url) => url.pathname === '/arc/architecture');
    await expect(page.getByRole('heading', { level: 1, name: 'Architecture' })).toBeVisible();
  });
}

test('a docs page has breadcrumbs, previous/next links, a table of contents and an edit link', async ({ page }) => {
  await open(page, '/arc/modules/iam/authorization-flow');

  const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(breadcrumbs.getByRole('link', { name: 'Modules' })).toBeVisible();
  await expect(breadcrumbs.getByRole('link', { name: 'IAM' })).toHaveAttribute('href', '/category/iam');

  const pager = page.getByRole('navigation', { name: 'Docs pages' });
  await expect(pager.getByRole('link', { name: /Previous/ })).toBeVisible();
  await expect(pager.getByRole('link', { name: /Next/ })).toBeVisible();

  const tocLinks = page.locator('.theme-doc-toc-desktop a.table-of-contents__link');
  expect(await tocLinks.count()).toBeGreaterThan(1);
  const target = await tocLinks.nth(1).getAttribute('href');
  await tocLinks.nth(1).click();
  await expect(page).toHaveURL((url) => url.hash === target);

  await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveAttribute(
    'href',
    /\/edit\/main\/docs\/arc\/modules\/iam\/authorization-flow\.md$/,
  );
});

test('the table of contents covers heading levels 2 and 3 only', async ({ page }) => {
  await open(page, '/arc/architecture');
  const tocTargets = await page
    .locator('.theme-doc-toc-desktop a.table-of-contents__link')
    .evaluateAll((links) => links.map((link) => decodeURIComponent(link.getAttribute('href') ?? '').slice(1)));
  expect(tocTargets.length).toBeGreaterThan(0);
  for (const id of tocTargets) {
    expect(await page.locator(`[id="${id}"]`).evaluate((heading) => heading.tagName)).toMatch(/^H[23]$/);
  }
});

test.describe('below 996px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the navbar opens a side panel with the sidebar, a back button and a close button', async ({ page }) => {
    await open(page, '/arc/architecture');
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.getByRole('button', { name: '← Back to main menu' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Design Principles' })).toBeVisible();

    await sidebar.getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(page.getByRole('button', { name: '← Back to main menu' })).toBeHidden();
  });
});

test('the not-found page names itself in the tab title', async ({ page }) => {
  await page.goto('/arc/no-such-page');
  await waitForHydration(page);
  await expect(page).toHaveTitle('Page Not Found | Engineering Handbook');
});

/** What the page's own `window.docusaurus.prefetch` calls returned, kept on `window` by the test. */
type PrefetchRecord = { prefetched: Promise<unknown>[] };

test('a page downloads each of its files once, prefetches nothing, and its links still lead on', async ({
  page,
  baseURL,
}) => {
  const downloads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(baseURL as string).origin) downloads.push(url.pathname);
  });
  // Docusaurus's links call `window.docusaurus.prefetch` when they scroll into view, and it
  // returns once the route's chunks are prefetched: record what those calls return.
  await page.addInitScript(() => {
    type Prefetching = { prefetch: (path: string) => unknown };
    const record = window as unknown as PrefetchRecord;
    record.prefetched = [];
    let docusaurus: Prefetching | undefined;
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => docusaurus,
      // Docusaurus freezes the object it mounts: mount a copy whose prefetch records its result.
      set(value: Prefetching) {
        docusaurus = {
          ...value,
          prefetch: (path) => {
            const done = value.prefetch(path);
            record.prefetched.push(Promise.resolve(done));
            return done;
          },
        };
      },
    });
  });
  await open(page, '/how-we-work/testing');
  // The links in view have asked for their routes' chunks, and every such request has ended.
  await page.waitForFunction(() => (window as unknown as PrefetchRecord).prefetched.length > 0);
  await page.evaluate(() => Promise.all((window as unknown as PrefetchRecord).prefetched));
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  expect(downloads.filter((path, index) => downloads.indexOf(path) !== index)).toEqual([]);

  const next = page.getByRole('navigation', { name: 'Docs pages' }).getByRole('link', { name: /Next/ });
  const nextPath = new URL((await next.getAttribute('href')) as string, baseURL).pathname;
  await next.click();
  await expect(page).toHaveURL((url) => url.pathname === nextPath);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Testing');
});
