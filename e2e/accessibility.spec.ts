import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedOut } from './accounts';
import { open } from './helpers';

/** The axe impacts a reader must never meet: all but `minor`. */
const BLOCKING = new Set(['critical', 'serious', 'moderate']);

/**
 * Search results past the first five: each has the markup of the first, and axe's run on a
 * 100-result page took over 30 s on two busy cores (5-8 s when quiet; newcomer review 3), time
 * spent checking the same result a hundred times.
 */
const REPEATED_SEARCH_RESULTS = 'main article:nth-of-type(n+6)';

/**
 * The axe rules whose outcome depends on colour. A page has the same markup in both colour modes
 * (the theme swaps CSS variables; a diagram, its palette): the light mode's run checks every rule,
 * and the dark mode's these, which halves the suite's longest part (59 axe runs took a third of
 * the browser suite's time on a busy machine).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Critical, serious and moderate axe findings, each with the elements it concerns. */
async function blockingViolations(page: Page, theme: (typeof themes)[number] = 'light'): Promise<string[]> {
  const axe = new AxeBuilder({ page }).exclude(REPEATED_SEARCH_RESULTS);
  const { violations } = await (theme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;
const themes = ['light', 'dark'] as const;

/** Opens a path in a colour mode (the theme's `docusaurus-theme` query parameter). */
async function openIn(page: Page, path: string, theme: (typeof themes)[number]): Promise<void> {
  const url = new URL(path, 'http://handbook');
  url.searchParams.set('docusaurus-theme', theme);
  await open(page, url.pathname + url.search);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Draws every diagram of the page (each is drawn as it nears the viewport), so axe sees them. */
async function drawDiagrams(page: Page): Promise<void> {
  const figures = page.getByRole('figure');
  for (const figure of await figures.all()) {
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.locator('svg').first()).toBeAttached();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The home page, one page of each section, a page of diagrams and tables, search, and a missing page. */
const pages = [
  '/',
  '/arc/architecture',
  '/arc/modules/iam/authorization-flow',
  '/arc/modules/reporting/claims/claims-submission',
  '/category/modules',
  '/data/snowflake/postgresql_connector',
  '/how-we-work/releases',
  '/onboarding/glossary',
  '/how-we-communicate',
  '/our-values',
  '/search?q=claims',
  '/search?q=zqxjvkwpl',
  '/no-such-page',
];

for (const { name, viewport } of widths) {
  test.describe(`at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    for (const path of pages) {
      for (const theme of themes) {
        test(`${path} has no critical, serious or moderate accessibility violations (${theme})`, async ({ page }) => {
          await openIn(page, path, theme);
          if (path === '/arc/architecture') await drawDiagrams(page);
          expect(await blockingViolations(page, theme)).toEqual([]);
        });
      }
    }

    test.describe('the sign-in gate', () => {
      test.use({ storageState: signedOut });

      for (const theme of themes) {
        test(`has no critical, serious or moderate accessibility violations (${theme})`, async ({ page }) => {
          await openIn(page, '/sign-in', theme);
          await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
          expect(await blockingViolations(page, theme)).toEqual([]);
        });
      }
    });
  });
}

for (const theme of themes) {
  test(`the open phone panel has no critical, serious or moderate accessibility violations (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize(widths[0].viewport);
    await openIn(page, '/arc/architecture', theme);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    expect(await blockingViolations(page, theme)).toEqual([]);
  });
}

test('the navbar logo is not read out again beside the title (axe image-redundant-alt)', async ({ page }) => {
  await open(page, '/');
  const brand = page.getByRole('navigation', { name: 'Main' }).locator('.navbar__brand');
  await expect(brand).toHaveAccessibleName('Engineering Handbook');
  await expect(brand.locator('img').first()).toHaveAttribute('alt', '');
});
