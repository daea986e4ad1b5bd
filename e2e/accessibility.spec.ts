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
 * the browser suite's time on a busy machine). Both modes are one test, the dark one a second load
 * of the page in the same browser: a test of its own paid for a new browser context, a fresh
 * session and every script again (1,602 of 4,655 worker-seconds on a busy machine).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Critical, serious and moderate axe findings, each with the elements it concerns. */
async function blockingViolations(page: Page, theme: Theme = 'light'): Promise<string[]> {
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
type Theme = (typeof themes)[number];

/** Opens a path in a colour mode (the theme's `docusaurus-theme` query parameter). */
async function openIn(page: Page, path: string, theme: Theme): Promise<void> {
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

/**
 * The blocking findings of a page in each colour mode, by mode; `prepare` brings the page to the
 * state under test after each load.
 */
async function violationsInEachMode(
  page: Page,
  path: string,
  prepare: () => Promise<void> = async () => {},
): Promise<Record<Theme, string[]>> {
  const found = { light: [] as string[], dark: [] as string[] };
  for (const theme of themes) {
    await openIn(page, path, theme);
    await prepare();
    found[theme] = await blockingViolations(page, theme);
  }
  return found;
}

const NONE = { light: [], dark: [] };

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
      test(`${path} has no critical, serious or moderate accessibility violations, light or dark`, async ({ page }) => {
        const prepare = path === '/arc/architecture' ? () => drawDiagrams(page) : undefined;
        expect(await violationsInEachMode(page, path, prepare)).toEqual(NONE);
      });
    }

    test.describe('the sign-in gate', () => {
      test.use({ storageState: signedOut });

      test('has no critical, serious or moderate accessibility violations, light or dark', async ({ page }) => {
        const found = await violationsInEachMode(page, '/sign-in', () =>
          expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible(),
        );
        expect(found).toEqual(NONE);
      });
    });
  });
}

test('the open phone panel has no critical, serious or moderate accessibility violations, light or dark', async ({
  page,
}) => {
  await page.setViewportSize(widths[0].viewport);
  const found = await violationsInEachMode(page, '/arc/architecture', async () => {
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
  });
  expect(found).toEqual(NONE);
});

test('the navbar logo is not read out again beside the title (axe image-redundant-alt)', async ({ page }) => {
  await open(page, '/');
  const brand = page.getByRole('navigation', { name: 'Main' }).locator('.navbar__brand');
  await expect(brand).toHaveAccessibleName('Engineering Handbook');
  await expect(brand.locator('img').first()).toHaveAttribute('alt', '');
});
