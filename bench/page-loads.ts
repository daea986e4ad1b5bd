/**
 * Page loads in headless Chromium on a phone-sized screen, as a reader's browser makes them: the
 * bytes on the wire (bodies as served, compressed, plus headers) and the time from navigation to a
 * visible target (a page's h1, the sign-in form's password field), cold (a fresh context, empty
 * cache) and warm (the same page again in that context).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Cookie } from '@playwright/test';
import { sessionCookies, signInForTokens } from '../testkit/local-identity';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** The machine has no network beyond loopback: keep Chromium from dialling out. */
export const QUIET_CHROMIUM_FLAGS = ['--disable-background-networking', '--disable-component-update', '--no-first-run'];
export const chromiumPath = existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;

/** A fresh signed-in session of the demo reader, as the cookies of a browser on the bench's loopback origin. */
export async function readerCookieJar(identityUrl: string): Promise<Cookie[]> {
  return sessionCookies(await signInForTokens(identityUrl)).map(({ name, value }) => ({
    name,
    value,
    domain: '127.0.0.1',
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax',
  }));
}

/** No cookies: a signed-out browser, or the plain site. */
export const noCookies = async (): Promise<Cookie[]> => [];

/** Lighthouse's mobile screen: the loads are a phone's. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export interface PageLoad {
  bytes: number;
  /** Of those bytes, Mermaid's library (the chunk holding `mermaidAPI`). */
  mermaidBytes: number;
  visibleMs: number;
}

/**
 * Records in the page when `selector` first matches a rendered, visible element (checked each
 * frame; `visibility: hidden` and `opacity: 0` count as hidden). A string, not a function: tsx
 * would wrap a function's inner names in a helper the page lacks.
 */
const visibilityProbe = (selector: string) => `
  (() => {
    const check = () => {
      const target = document.querySelector(${JSON.stringify(selector)});
      if (target && target.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
        window.__benchVisibleMs = performance.now();
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;

async function loadOnce(context: BrowserContext, url: string): Promise<PageLoad> {
  const page = await context.newPage();
  const sizes: Promise<{ bytes: number; mermaid: boolean }>[] = [];
  page.on('requestfinished', (request) =>
    sizes.push(
      (async () => {
        const { responseBodySize, responseHeadersSize } = await request.sizes();
        const body = request.resourceType() === 'script' ? await (await request.response())?.text() : '';
        return { bytes: responseBodySize + responseHeadersSize, mermaid: !!body?.includes('mermaidAPI') };
      })(),
    ),
  );
  await page.goto(url);
  await page.waitForFunction(() => '__benchVisibleMs' in window, null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const visibleMs = await page.evaluate(() => (window as unknown as { __benchVisibleMs: number }).__benchVisibleMs);
  const loaded = await Promise.all(sizes);
  const sum = (of: typeof loaded) => of.reduce((total, { bytes }) => total + bytes, 0);
  await page.close();
  return { bytes: sum(loaded), mermaidBytes: sum(loaded.filter(({ mermaid }) => mermaid)), visibleMs };
}

interface PageFigures {
  cold: PageLoad[];
  warm: PageLoad[];
}

/** `runs` cold loads, each in a fresh context followed by a warm one of the same page. */
export async function measurePage(
  browser: Browser,
  url: string,
  selector: string,
  runs: number,
  cookies: () => Promise<Cookie[]>,
): Promise<PageFigures> {
  const figures: PageFigures = { cold: [], warm: [] };
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext(PHONE);
    await context.addCookies(await cookies());
    await context.addInitScript({ content: visibilityProbe(selector) });
    figures.cold.push(await loadOnce(context, url));
    figures.warm.push(await loadOnce(context, url));
    await context.close();
  }
  return figures;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: QUIET_CHROMIUM_FLAGS });
}
