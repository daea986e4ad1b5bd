/**
 * The search box's suggestions and the search page fit the screen (issue 46, item 2; newcomer
 * review 4, friction 4: at 390 px the list hung 40 px off the left edge, cutting each entry's
 * icon and first letters). From a 320 px phone to a 1280 px laptop, light and dark, the list lies
 * inside the window and every title shows whole, wrapped if need be; axe finds nothing in it open.
 */
import type { Page } from '@playwright/test';
import { axeOn } from './axe';
import { searchBudgets } from './budgets';
import { expect as expectWithPageBudgets, test } from './fixtures';
import { open } from './helpers';

test.describe.configure({ timeout: searchBudgets.test });
const expect = expectWithPageBudgets.configure({ timeout: searchBudgets.expect });

const widths = [320, 390, 1280];
/** Long titles and long paths: "Authorize a Mutation" under Architecture › Modules › IAM, and its text's lines. */
const QUERY = 'authorize_mutation!';

/** What of the open list, or of its entries' titles and paths, lies outside the window or is cut; what of the box lies outside it. */
async function misfits(page: Page): Promise<string[]> {
  return page.locator(".navbar__search [class*='dropdownMenu_']").evaluate((list) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const outside = (element: Element, name: string) => {
      const box = element.getBoundingClientRect();
      if (box.left < 0 || box.right > width) found.push(`${name} spans ${box.left}–${box.right} of ${width} px`);
    };
    outside(list, 'the list');
    // The box's own icon and clear button stay inside the box: moving the list once moved them onto
    // the menu button at the navbar's far left.
    const box = list.closest('.navbar__search')!.querySelector('input')!.getBoundingClientRect();
    for (const part of Array.from(list.closest('.navbar__search')!.querySelectorAll(':scope > svg, :scope > button'))) {
      const at = part.getBoundingClientRect();
      if (at.left < box.left || at.right > box.right || at.top < box.top || at.bottom > box.bottom) {
        found.push(
          `the box's ${part.tagName.toLowerCase()} lies at ${at.left}–${at.right}, outside ${box.left}–${box.right}`,
        );
      }
    }
    for (const option of Array.from(list.querySelectorAll('[role="option"]'))) {
      outside(option, `"${option.textContent}"`);
      for (const line of Array.from(option.querySelectorAll('[class*="hitTitle_"], [class*="hitPath_"]'))) {
        if (line.scrollWidth > line.clientWidth + 1) found.push(`"${line.textContent}" is cut`);
      }
    }
    return found;
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the suggestions lie inside the window with every title whole at ${widths.join(', ')} px, ${theme}`, async ({
    page,
  }, testInfo) => {
    const found: Record<string, string[]> = {};
    await open(page, `/?docusaurus-theme=${theme}`);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      const input = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');
      await input.fill('');
      await input.click();
      await input.fill(QUERY);
      await expect(page.getByRole('option').first()).toContainText('Authorize a Mutation');
      found[`${width} px`] = await misfits(page);
      await page.screenshot({ path: testInfo.outputPath(`suggestions-${theme}-${width}.png`) });
      if (width === 390) {
        // Axe on the open list: every rule in light mode, the colour rules in dark (as e2e/accessibility.spec.ts).
        const axe = axeOn(page).include('.navbar__search');
        const { violations } = await (theme === 'dark' ? axe.withRules(['color-contrast']) : axe).analyze();
        found['axe at 390 px'] = violations.map(
          (violation) =>
            `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      }
    }
    expect(found).toEqual(Object.fromEntries([...widths.map((width) => [`${width} px`, []]), ['axe at 390 px', []]]));
  });
}

test('the search page fits a 320 px window, its results’ titles whole', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await open(page, '/search?q=authorize_mutation!');
  await expect(page.locator('article').first()).toBeVisible();
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    titles: Array.from(document.querySelectorAll('article h2'))
      .filter((title) => title.getBoundingClientRect().right > document.documentElement.clientWidth)
      .map((title) => title.textContent),
  }));
  expect(overflow).toEqual({ page: 0, titles: [] });
});
