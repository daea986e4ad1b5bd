/**
 * Lighthouse scores (performance, accessibility, best practices) of a page on loopback, in Debian's
 * Chromium started by chrome-launcher, mobile (Lighthouse's default config, simulated throttling)
 * or desktop. Lighthouse and its helpers are ES modules only: they are imported dynamically.
 *
 * A signed-in page needs the session in the browser's cookie jar, not only on the wire: the page's
 * own script (Amplify) reads the tokens from `document.cookie` and sends a reader without them to
 * the sign-in route. So the cookies are set through the DevTools protocol before the run (Lighthouse
 * keeps cookies when it resets storage), and also sent as `extraHeaders`.
 */
import { existsSync } from 'node:fs';
import type { Cookie } from '@playwright/test';
import { QUIET_CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from './browser';
import { figure, median } from './report';
import type { Figure } from './report';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];
export type LighthousePreset = 'mobile' | 'desktop';
export type LighthouseScores = Record<LighthouseCategory, number>;

/** A run Lighthouse itself reports as failed (no trace, no paint, protocol timeout): worth another try. */
class LighthouseRuntimeError extends Error {}

export function cookieHeader(cookies: Cookie[]): string {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function runLighthouse(
  url: string,
  preset: LighthousePreset,
  cookies?: Cookie[],
): Promise<LighthouseScores> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const { default: puppeteer } = await import('puppeteer-core');

  const chrome = await launch({
    chromePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', ...QUIET_CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    if (cookies?.length) {
      await browser.setCookie(
        ...cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
          name,
          value,
          domain,
          path,
          expires,
          httpOnly,
          secure,
          sameSite,
        })),
      );
    }
    const page = await browser.newPage();
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        // Neither counts towards a score (bf-cache weighs 0); both cost seconds a run.
        skipAudits: ['bf-cache'],
        disableFullPageScreenshot: true,
        extraHeaders: cookies?.length ? { Cookie: cookieHeader(cookies) } : undefined,
      },
      preset === 'desktop' ? desktopConfig : undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    // The gate sends a reader without a valid session elsewhere: a score of the wrong page is no score.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl}`);
    const scores = {} as LighthouseScores;
    for (const category of LIGHTHOUSE_CATEGORIES) {
      const score = lhr.categories[category]?.score;
      if (typeof score !== 'number') throw new Error(`Lighthouse on ${url}: no ${category} score`);
      scores[category] = Math.round(score * 100);
    }
    return scores;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) and asks to be run again:
 * up to two more tries, logged, before the section fails.
 */
async function withRetries<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let left = tries - 1; ; left -= 1) {
    try {
      return await attempt();
    } catch (error) {
      if (left === 0 || !(error instanceof LighthouseRuntimeError)) throw error;
      console.warn(`  ${error.message}: running it again`);
    }
  }
}

/**
 * Each page and preset five times (Lighthouse's own advice for stable scores), medians reported.
 * `cookiesFor()` is asked before every signed-in run: the local tokens live five minutes.
 */
export async function lighthouseFigures(
  pages: { label: string; url: string; cookies?: () => Promise<Cookie[]> }[],
  runs: number,
  progress: (line: string) => void,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const { label, url, cookies } of pages) {
      const samples: LighthouseScores[] = [];
      for (let run = 1; run <= runs; run += 1) {
        // Cookies are asked for on each try: a retry may come after the session was renewed.
        samples.push(await withRetries(async () => runLighthouse(url, preset, cookies ? await cookies() : undefined)));
        progress(`lighthouse ${preset} ${label} ${run}/${runs}: ${JSON.stringify(samples[run - 1])}`);
      }
      for (const category of LIGHTHOUSE_CATEGORIES) {
        const values = samples.map((sample) => sample[category]);
        figures.push(
          figure({
            section: 'Lighthouse (simulated throttling; median score)',
            name: `${preset} ${label}: ${category}`,
            value: median(values),
            unit: '',
            target: { on: 'value', op: '>=', limit: 90 },
            runs: values,
          }),
        );
      }
    }
  }
  return figures;
}
