/**
 * Tables on a phone (newcomer review 3): a table of prose wraps to the column instead of cutting
 * every line mid-word, and a table that still scrolls sideways says so, as a wide diagram does,
 * and can be scrolled from the keyboard.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { open } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

const HINT = 'Scroll the table sideways to see all of it';

/** Whether the table is wider than its column, so it scrolls. */
const scrolls = (table: Locator) => table.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

test('a two-column table of prose fits a phone’s column: its long names wrap', async ({ page }) => {
  await open(page, '/data/data_sources/regal');
  const table = page.getByRole('table').filter({ hasText: 'ANALYTICS.MARTS.REGAL_CONTACT_EXPORT' });
  await expect(table).toBeVisible();
  expect(await scrolls(table)).toBe(false);
  await expect(table).not.toHaveAttribute('tabindex');
  await expect(page.getByText(HINT)).toHaveCount(0);
  // The page itself stays as wide as the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const path of ['/arc/modules/reporting/claims/resubmissions', '/arc/security-compliance']) {
  test(`on ${path}, every table either fits or says just above it that it scrolls, and takes focus`, async ({
    page,
  }) => {
    await open(page, path);
    const tables = await page.locator('article table').all();
    expect(tables.length).toBeGreaterThan(0);
    let scrolling = 0;
    for (const table of tables) {
      // The table's top edge mid-screen, as a reader scrolling down meets it: a table taller than a
      // phone's screen, centred, would put what sits above it out of sight.
      await table.evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2),
      );
      if (!(await scrolls(table))) {
        await expect(table).not.toHaveAttribute('aria-describedby');
        continue;
      }
      scrolling += 1;
      // The table says so once it has measured itself, a render after hydration on a busy machine:
      // the hint's id is read when it is there, not before (a fresh-clone run read none and failed).
      await expect(table).toHaveAttribute('aria-describedby', /.+/);
      const hint = page.locator(
        `p#${await table.evaluate((element) => CSS.escape(element.getAttribute('aria-describedby') ?? ''))}`,
      );
      await expect(hint).toHaveText(new RegExp(HINT));
      await expect(hint).toBeInViewport();
      // Right above the table: nothing between the two.
      expect(
        await hint.evaluate(
          (element, tableElement) => element.nextElementSibling === tableElement,
          await table.elementHandle(),
        ),
      ).toBe(true);
      await table.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    }
    test.info().annotations.push({ type: 'tables that scroll', description: `${scrolling} of ${tables.length}` });
  });
}

test('a table taller than the screen keeps its hint in view while any of it is, and leaves with it', async ({
  page,
}) => {
  await open(page, '/onboarding/system-facts');
  const table = page.getByRole('table').filter({ hasText: 'Bastion instance' });
  await expect(table).toHaveAttribute('aria-describedby', /.+/);
  const hint = page.locator(
    `p#${await table.evaluate((element) => CSS.escape(element.getAttribute('aria-describedby') ?? ''))}`,
  );
  const scrollTableTo = (fraction: number) =>
    table.evaluate((element, at) => {
      const { top, height } = element.getBoundingClientRect();
      window.scrollTo(0, top + window.scrollY + height * at - window.innerHeight / 2);
    }, fraction);
  for (const fraction of [0.5, 0.9]) {
    await scrollTableTo(fraction);
    await expect(hint).toBeInViewport();
    // Below the navbar, not under it.
    const [hintTop, navbarBottom] = await Promise.all([
      hint.evaluate((element) => element.getBoundingClientRect().top),
      page.locator('.navbar').evaluate((element) => element.getBoundingClientRect().bottom),
    ]);
    expect(hintTop).toBeGreaterThanOrEqual(navbarBottom - 1);
  }
  // The Production column is there, sideways.
  await table.focus();
  // ArrowRight scrolls a focused box by a few tens of pixels: enough presses for 300 px and more.
  for (let press = 0; press < 15; press += 1) await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => table.evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1))
    .toBe(true);
  await scrollTableTo(2);
  await expect(hint).not.toBeInViewport();
});
