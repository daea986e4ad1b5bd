import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * Axe on the page as it is now. By default `@axe-core/playwright` runs axe in every frame and then
 * gathers the results in a new blank page of the context (`axe.finishRun`): opening that page was
 * 2-3 s of the 3 s a one-rule run took on a busy machine, and the full run on the glossary took
 * 21.5 s against 9.7 s without it. Legacy mode runs `axe.run()` in the page itself and gives up only
 * the testing of cross-origin frames (`setLegacyMode`, the package's README and its error-handling
 * guide). The handbook's pages have no frames at all, and this fails if one comes.
 */
export function axeOn(page: Page): AxeBuilder {
  expect(
    page.frames().map((frame) => frame.url()),
    'frames, which axe in legacy mode would skip when cross-origin',
  ).toEqual([page.url()]);
  return new AxeBuilder({ page }).setLegacyMode(true);
}
