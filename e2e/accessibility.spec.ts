import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedOut } from './accounts';
import { axeOn } from './axe';
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
 * the browser suite's time on a busy machine). Both modes and both widths are one test, with a load
 * per mode (`violationsEverywhere`).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Critical, serious and moderate axe findings, each with the elements it concerns. */
async function blockingViolations(page: Page, theme: Theme): Promise<string[]> {
  const axe = axeOn(page).exclude(REPEATED_SEARCH_RESULTS);
  const { violations } = await (theme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];
type Findings = Record<`${Theme} at ${number} px`, string[]>;

/** Opens a path in a colour mode (the theme's `docusaurus-theme` query parameter). */
async function openIn(page: Page, path: string, theme: Theme): Promise<void> {
  const url = new URL(path, 'http://handbook');
  url.searchParams.set('docusaurus-theme', theme);
  await open(page, url.pathname + url.search);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Widens the window as a reader would, and waits for the page to follow: the theme renders some
 * parts for the width it reads on `resize` (the docs sidebar, the table of contents), a React
 * update committed in one task (not time-sliced) after that frame's resize handlers.
 */
async function widen(page: Page): Promise<void> {
  await page.setViewportSize(desktop);
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => setTimeout(settled))));
}

/**
 * Waits until every diagram is as a reader finds it once the page is still: reported near the
 * viewport or far from it, drawn when near, and a tab stop exactly when it scrolls sideways. A
 * diagram that came into view as the window widened is drawn a moment later, and an axe run in
 * between once found it scrolling before it was a tab stop (`scrollable-region-focusable`).
 */
async function diagramsSettled(page: Page): Promise<void> {
  const unsettled = () =>
    page.locator('[role="figure"]').evaluateAll(
      (figures) =>
        figures.filter((figure) => {
          const state = figure.getAttribute('data-diagram');
          const { top, bottom } = figure.getBoundingClientRect();
          // Still waiting while in view: the browser has yet to report the new layout.
          if (state === 'waiting') return top < window.innerHeight && bottom > 0;
          if (state !== 'near' || !figure.querySelector('svg')) return true;
          const scrolls = figure.scrollWidth > figure.clientWidth + 1;
          return scrolls !== figure.hasAttribute('tabindex');
        }).length,
    );
  await expect.poll(unsettled, { message: 'diagrams still being drawn or measured' }).toBe(0);
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
 * The blocking findings of a page in each colour mode at the phone's width and, unless `phoneOnly`,
 * widened to the laptop's. A load per mode: a load per width as well paid for a new browser context,
 * a fresh session and every script again. `prepare` brings the page to the state under test after
 * each load.
 */
async function violationsEverywhere(
  page: Page,
  path: string,
  { prepare = async () => {}, phoneOnly = false }: { prepare?: () => Promise<void>; phoneOnly?: boolean } = {},
): Promise<Findings> {
  const found: Findings = {};
  for (const theme of themes) {
    await page.setViewportSize(phone);
    await openIn(page, path, theme);
    await prepare();
    await diagramsSettled(page);
    found[`${theme} at ${phone.width} px`] = await blockingViolations(page, theme);
    if (phoneOnly) continue;
    await widen(page);
    await diagramsSettled(page);
    found[`${theme} at ${desktop.width} px`] = await blockingViolations(page, theme);
  }
  return found;
}

/** What a page without blocking findings gives, at the given widths. */
const none = (widths = [phone, desktop]): Findings =>
  Object.fromEntries(themes.flatMap((theme) => widths.map(({ width }) => [`${theme} at ${width} px`, []])));

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

for (const path of pages) {
  test(`${path} has no critical, serious or moderate accessibility violations at 390 and 1280 px, light or dark`, async ({
    page,
  }) => {
    const prepare = path === '/arc/architecture' ? () => drawDiagrams(page) : undefined;
    expect(await violationsEverywhere(page, path, { prepare })).toEqual(none());
  });
}

test.describe('the sign-in gate', () => {
  test.use({ storageState: signedOut });

  test('has no critical, serious or moderate accessibility violations at 390 and 1280 px, light or dark', async ({
    page,
  }) => {
    const prepare = () => expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await violationsEverywhere(page, '/sign-in', { prepare })).toEqual(none());
  });
});

test('the open phone panel has no critical, serious or moderate accessibility violations, light or dark', async ({
  page,
}) => {
  const prepare = async () => {
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
  };
  expect(await violationsEverywhere(page, '/arc/architecture', { prepare, phoneOnly: true })).toEqual(none([phone]));
});

test('the navbar logo is not read out again beside the title (axe image-redundant-alt)', async ({ page }) => {
  await open(page, '/');
  const brand = page.getByRole('navigation', { name: 'Main' }).locator('.navbar__brand');
  await expect(brand).toHaveAccessibleName('Engineering Handbook');
  await expect(brand.locator('img').first()).toHaveAttribute('alt', '');
});
