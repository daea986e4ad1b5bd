/**
 * Timings taken inside the page, against `performance.now()` (0 = the navigation's start), so the
 * Playwright round trips are not part of them. Installed as an init script: it runs in every new
 * document before the page's own scripts.
 *
 * "Visible" is checked once per animation frame, right before the browser paints: what a reader
 * could see. It counts `visibility: hidden` and `opacity: 0` as hidden (the gate hides a page with
 * `visibility: hidden` while it reads the session; Playwright's own visibility check would not).
 */
export interface BenchProbe {
  /** First frame with a visible h1. */
  h1At?: number;
  /** First frame with the sign-in form's Email field visible and enabled. */
  formAt?: number;
  /** Latest click anywhere, and the first frame after it with a visible h1 of other text. */
  clickAt?: number;
  navigatedAt?: number;
  navigateFrom?: string;
  /** First focus of the navbar search box, first visible suggestion after it. */
  searchFocusAt?: number;
  suggestionsAt?: number;
  /** Latest key pressed in the search box, and the first frame after it with other suggestions. */
  searchKeyAt?: number;
  suggestionsUpdatedAt?: number;
}

declare global {
  interface Window {
    __bench?: BenchProbe;
  }
}

/** Self-contained: Playwright sends its source text to the page. */
export function installProbes(): void {
  const probe: BenchProbe = {};
  window.__bench = probe;

  const visible = (element: Element | null | undefined): boolean => {
    if (!element) return false;
    const options = { opacityProperty: true, visibilityProperty: true, checkOpacity: true, checkVisibilityCSS: true };
    const rect = element.getBoundingClientRect();
    return element.checkVisibility(options) && rect.width > 0 && rect.height > 0;
  };
  const visibleH1 = (): HTMLElement | undefined =>
    Array.from(document.querySelectorAll('h1')).find((heading) => visible(heading));
  const emailField = (): HTMLInputElement | undefined => {
    const label = Array.from(document.querySelectorAll('label')).find((item) => item.textContent?.trim() === 'Email');
    return label?.control instanceof HTMLInputElement ? label.control : undefined;
  };
  const searchBox = (target: EventTarget | null): boolean =>
    target instanceof HTMLInputElement && target.placeholder === 'Search' && !!target.closest('nav');
  const options = () => Array.from(document.querySelectorAll('[role="option"]')).filter((option) => visible(option));
  const suggestionText = () =>
    options()
      .map((option) => option.textContent)
      .join('\n');
  let textAtKey = '';

  document.addEventListener('click', () => (probe.clickAt = performance.now()), true);
  document.addEventListener(
    'focusin',
    (event) => {
      if (probe.searchFocusAt === undefined && searchBox(event.target)) probe.searchFocusAt = performance.now();
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (!searchBox(event.target)) return;
      probe.searchKeyAt = performance.now();
      probe.suggestionsUpdatedAt = undefined;
      textAtKey = suggestionText();
    },
    true,
  );
  const onFrame = () => {
    const now = performance.now();
    if (probe.h1At === undefined && visibleH1()) probe.h1At = now;
    if (probe.formAt === undefined) {
      const field = emailField();
      if (field && !field.disabled && visible(field)) probe.formAt = now;
    }
    if (probe.clickAt !== undefined && probe.navigatedAt === undefined && probe.navigateFrom !== undefined) {
      const heading = visibleH1();
      if (heading && heading.textContent !== probe.navigateFrom) probe.navigatedAt = now;
    }
    if (probe.searchFocusAt !== undefined && probe.suggestionsAt === undefined && options().length) {
      probe.suggestionsAt = now;
    }
    if (probe.searchKeyAt !== undefined && probe.suggestionsUpdatedAt === undefined) {
      if (options().length && suggestionText() !== textAtKey) probe.suggestionsUpdatedAt = now;
    }
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
}
