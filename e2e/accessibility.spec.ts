import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedOut } from './identity';
import { open } from './helpers';

/** Serious and critical axe findings, each with the elements it concerns. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The home page and one page of each section. */
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
];

for (const path of pages) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${path} has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
      const url = new URL(path, 'http://handbook');
      url.searchParams.set('docusaurus-theme', theme);
      await open(page, url.pathname + url.search);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test.describe('the sign-in gate', () => {
  test.use({ storageState: signedOut });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
      await open(page, `/sign-in?docusaurus-theme=${theme}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
