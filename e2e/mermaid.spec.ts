import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { open, toggleColourMode } from './helpers';

/** Its one diagram sits well below the fold at any width (about 1,850 px down at 1280 px). */
const DIAGRAM_BELOW_THE_FOLD = '/how-we-work/engineering-on-call';
/** A string of Mermaid's own library, in none of the handbook's or Docusaurus's code. */
const MERMAID_LIBRARY = 'mermaidAPI';

const diagramsOf = (page: Page) => page.locator('.docusaurus-mermaid-container svg');

/** Whether any script the page has asked for so far, answered or still on its way, is Mermaid's library. */
function watchForMermaid(page: Page): () => Promise<boolean> {
  const scripts: Promise<boolean>[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request
        .response()
        // A 304 revalidates a script already checked when it first arrived.
        .then(async (response) => response?.status() === 200 && (await response.text()).includes(MERMAID_LIBRARY)),
    );
  });
  return async () => (await Promise.all(scripts)).includes(true);
}

/** The page's cumulative layout shift, as the browser reports it (shifts after input excluded). */
async function recordLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

/** Where the figure's top is, in viewport heights from the viewport's top. */
const screensDown = (page: Page) =>
  page
    .getByRole('figure')
    .first()
    .evaluate((figure) => figure.getBoundingClientRect().top / window.innerHeight);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
]) {
  test(`at ${viewport.width} px, Mermaid loads only when a diagram nears the viewport, and nothing shifts`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const mermaidLoaded = watchForMermaid(page);
    const layoutShift = await recordLayoutShift(page);
    await open(page, DIAGRAM_BELOW_THE_FOLD);
    // The browser has told the diagram where it is, and the page has loaded every script it asked
    // for: had the diagram counted as near, Mermaid would be among them.
    await expect(page.getByRole('figure').first()).toHaveAttribute('data-diagram', 'waiting');
    await page.waitForLoadState('load');
    expect(await mermaidLoaded(), 'Mermaid requested during the load').toBe(false);
    await expect(diagramsOf(page)).toHaveCount(0);

    // A reader scrolls down until the diagram is less than a screen below the viewport…
    while ((await screensDown(page)) > 1.8) await page.mouse.wheel(0, 200);
    // …and it is drawn there, off screen, before they reach it.
    await expect(diagramsOf(page).first().locator('g').first()).toBeAttached();
    expect(await screensDown(page)).toBeGreaterThan(1);
    expect(await mermaidLoaded()).toBe(true);
    while ((await screensDown(page)) > 0.2) await page.mouse.wheel(0, 200);
    await expect(diagramsOf(page).first()).toBeInViewport();
    expect(await layoutShift()).toBeLessThanOrEqual(0.05);
  });
}

/** A diagram's drawn size against its own (its viewBox): 1 is full size. */
const drawnScale = (figure: Locator) =>
  figure
    .locator('svg')
    .first()
    .evaluate((svg: SVGSVGElement) => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);

/** The line above a diagram wider than the column (src/components/SideScrollHint). */
const DIAGRAM_HINT = /^Scroll the diagram sideways to see all of it/;

test('on a phone a wide diagram stays readable and scrolls sideways, by touch, mouse or keyboard; one that fits does not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/arc/architecture');
  const figure = page.getByRole('figure').first();
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('svg g').first()).toBeAttached();
  // Mermaid's 16 px labels at 70% or more: 11 px or larger.
  expect(await drawnScale(figure)).toBeGreaterThanOrEqual(0.7);
  expect(await figure.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(page.getByText(DIAGRAM_HINT).first()).toBeVisible();
  // The page itself stays as wide as the screen: only the diagram scrolls.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await figure.focus();
  await expect(figure).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => figure.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

  // A diagram that fits at a readable size is drawn as before: no scrolling, no tab stop, no hint.
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/how-we-work/engineering-on-call');
  const fitting = page.getByRole('figure').first();
  await fitting.scrollIntoViewIfNeeded();
  await expect(fitting.locator('svg g').first()).toBeAttached();
  expect(await fitting.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
  await expect(fitting).not.toHaveAttribute('tabindex');
  await expect(page.getByText(DIAGRAM_HINT)).toHaveCount(0);
});

// At 1280 px the system context diagram (917 px at its smallest readable size) is wider than the
// 703 px column; its hint sat below it, past the clipped edge (newcomer review 3).
test('on a laptop a diagram wider than the column says so right above it, where its clipped edge shows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/arc/architecture');
  const figure = page.getByRole('figure').first();
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('svg g').first()).toBeAttached();
  const scrolls = await figure.evaluate((element) => element.scrollWidth > element.clientWidth);
  const hint = page.locator(
    `p#${await figure.evaluate((element) => CSS.escape(element.getAttribute('aria-describedby') ?? 'none'))}`,
  );
  if (!scrolls) {
    // Or it fits: then nothing is cut off and nothing needs saying.
    await expect(hint).toHaveCount(0);
    return;
  }
  await expect(hint).toHaveText(DIAGRAM_HINT);
  expect(
    await hint.evaluate((element, diagram) => element.nextElementSibling === diagram, await figure.elementHandle()),
  ).toBe(true);
  // Seen together with the top of the diagram, at its right edge (where the diagram is cut off).
  const [hintBox, figureBox] = [await hint.boundingBox(), await figure.boundingBox()];
  expect(hintBox && figureBox && Math.abs(hintBox.x + hintBox.width - (figureBox.x + figureBox.width))).toBeLessThan(2);
  // A reader scrolling down, the diagram's top edge come up to the middle of the screen.
  await figure.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 2));
  await expect(hint).toBeInViewport();
});

test('a diagram is drawn in the dark theme too, and redrawn when the theme changes', async ({ page }) => {
  await open(page, '/arc/architecture');
  const node = diagramsOf(page).first().locator('.node rect, .node polygon').first();
  await expect(node).toBeVisible();
  const fillOf = () => node.evaluate((element) => getComputedStyle(element).fill);
  const lightFill = await fillOf();

  await toggleColourMode(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(fillOf).not.toBe(lightFill);
  await expect(diagramsOf(page).first()).toBeVisible();
});
