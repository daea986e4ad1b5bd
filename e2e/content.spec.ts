import { expect, test } from './fixtures';
import { open } from './helpers';

test('a Mermaid diagram renders as an SVG', async ({ page }) => {
  await open(page, '/arc/architecture');
  const diagram = page.locator('.docusaurus-mermaid-container svg').first();
  await expect(diagram).toBeVisible();
  await expect(diagram.locator('g').first()).toBeAttached();
});

const highlighted = [
  { language: 'ruby', route: '/arc/modules/base/background-jobs' },
  { language: 'hcl', route: '/arc/infrastructure/ecs-deployments' },
  { language: 'json', route: '/arc/modules/base/rails-logger' },
];

for (const { language, route } of highlighted) {
  test(`${language} code is highlighted by Prism on ${route}`, async ({ page }) => {
    await open(page, route);
    const block = page.locator(`pre.language-${language}`).first();
    await expect(block).toBeVisible();
    // Prism only emits token spans for a language it has a grammar for.
    expect(await block.locator('.token:not(.plain)').count()).toBeGreaterThan(3);
  });
}
