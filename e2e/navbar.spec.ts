import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoReader, signedOut } from './accounts';
import { expectSignInForm, open, signInAsNewReader } from './helpers';

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The boxes of the navbar's visible top-level parts, and the parts whose text does not fit them. */
async function navbarLayout(navbar: Locator): Promise<{ boxes: Box[]; clipped: string[] }> {
  return navbar.evaluate((element) => {
    const bar = element.getBoundingClientRect();
    // Seen: not hidden, and not clipped to nothing as text kept only for screen readers is.
    const visible = (part: Element) =>
      part.getBoundingClientRect().width > 0 &&
      getComputedStyle(part).visibility !== 'hidden' &&
      getComputedStyle(part).clipPath !== 'inset(50%)';
    const nameOf = (part: Element) =>
      `${part.className || part.tagName} "${(part.textContent ?? '').trim().slice(0, 30)}"`;
    const topLevel = Array.from(
      element.querySelectorAll('.navbar__toggle, .navbar__brand, .navbar__items--right > *'),
    ).filter(visible);
    const boxes = topLevel.map((part) => {
      const { left, right, top, bottom } = part.getBoundingClientRect();
      return { name: nameOf(part), left, right, top, bottom };
    });
    const clipped = [
      ...boxes
        .filter((box) => box.left < bar.left - 0.5 || box.right > bar.right + 0.5)
        .map((box) => `${box.name} leaves the navbar`),
      // Text wider than its box is cut off, or drawn over its neighbours when its overflow is visible.
      ...Array.from(element.querySelectorAll('*'))
        .filter((part) => visible(part) && part.scrollWidth > part.clientWidth + 1)
        .map(
          (part) =>
            `${nameOf(part)} ${getComputedStyle(part).overflowX === 'visible' ? 'spills out of its box' : 'cuts off its text'}`,
        ),
    ];
    return { boxes, clipped };
  });
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

async function expectTidyNavbar(page: Page): Promise<void> {
  const { boxes, clipped } = await navbarLayout(page.getByRole('navigation', { name: 'Main' }));
  expect(clipped).toEqual([]);
  const collisions = boxes.flatMap((a, i) =>
    boxes.slice(i + 1).flatMap((b) => (overlaps(a, b) ? [`${a.name} overlaps ${b.name}`] : [])),
  );
  expect(collisions).toEqual([]);
}

for (const width of [320, 390, 768, 995]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no navbar element overlaps another or is cut off, and the account is in the side panel', async ({ page }) => {
      await open(page, '/how-we-work/testing');
      const navbar = page.getByRole('navigation', { name: 'Main' });
      await expect(navbar.getByRole('link', { name: /Engineering Handbook/ }).first()).toBeVisible();
      await expectTidyNavbar(page);

      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await page.getByRole('button', { name: '← Back to main menu' }).click();
      const panel = page.locator('.navbar-sidebar');
      await expect(panel.getByText(demoReader.name)).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Sign out' })).toBeVisible();
      // The navbar's search box, which sits out of the theme's positioning, is not drawn over it.
      await expect(navbar.getByPlaceholder('Search')).toBeHidden();
      // The panel's title is shown whole, not cut to "Engineering Han…".
      const title = panel.locator('.navbar__title');
      await expect(title).toHaveText('Engineering Handbook');
      expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await expect(title).toBeInViewport({ ratio: 1 });
    });

    // The menu opens on the docs tree: its account entry took three taps (newcomer review 3). A
    // reader of its own: signing out ends every session of the account, the demo reader's too.
    test.describe('signed in as a reader of its own', () => {
      test.use({ storageState: signedOut });

      test('"Sign out" is in the navbar itself: one tap signs out', async ({ page }) => {
        await signInAsNewReader(page);
        const signOut = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' });
        await expect(signOut).toBeInViewport({ ratio: 1 });
        await signOut.click();
        await expectSignInForm(page);
      });
    });
  });
}

test('at 1280px the account sits in the navbar, beside the search box', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/how-we-work/testing');
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await expect(navbar.getByText(demoReader.name)).toBeVisible();
  await expect(navbar.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectTidyNavbar(page);
});
