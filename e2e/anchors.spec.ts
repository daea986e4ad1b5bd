import { expect, test } from './fixtures';
import { createReader, signedOut } from './accounts';
import { open, signInThroughForm } from './helpers';

/** A link to a section, as engineers paste them into tickets and chat. */
const sectionLink = '/how-we-work/testing#what-ci-requires';
const section = { level: 2, name: 'What CI requires' } as const;

test(
  'a signed-in reader opening a link to a section lands on that section',
  { tag: '@dev-server' },
  async ({ page }) => {
    await open(page, sectionLink);
    await expect(page.getByRole('heading', section)).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  },
);

test.describe('signed out', () => {
  test.use({ storageState: signedOut });

  test('a link to a section keeps its section through the sign-in form', { tag: '@dev-server' }, async ({ page }) => {
    const reader = await createReader();
    await open(page, sectionLink);
    await signInThroughForm(page, reader.email, reader.password);
    await expect(page.getByRole('heading', section)).toBeInViewport();
    const landed = new URL(page.url());
    expect(landed.pathname + landed.hash).toBe(sectionLink);
  });
});
