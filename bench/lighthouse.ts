/**
 * Lighthouse (its node API; mobile is its default config, desktop its `desktopConfig`; simulated
 * throttling) in Chromium launched by Playwright with a DevTools port. A signed-in page needs the
 * session in the browser's cookie jar, not only in request headers: the page's own script reads
 * `document.cookie`. Playwright's persistent context is the browser's default one, the one whose
 * jar the tab Lighthouse opens uses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Cookie } from '@playwright/test';
import { chromiumPath, QUIET_CHROMIUM_FLAGS } from './page-loads';
import { freePort } from '../identity/launch';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
}

async function runOnce(url: string, preset: Preset, cookies: Cookie[]): Promise<LighthouseResult> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'handbook-bench-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...QUIET_CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    await browser.addCookies(cookies);
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Neither counts towards a score (bf-cache weighs 0); both cost seconds a run.
        skipAudits: ['bf-cache'],
        disableFullPageScreenshot: true,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    // The gate sends a reader without a valid session elsewhere: a score of the wrong page is no score.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl}`);
    }
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** One run, with cookies asked for anew (the local tokens live five minutes), retried once. */
export async function lighthouseRun(
  url: string,
  preset: Preset,
  cookies: () => Promise<Cookie[]>,
): Promise<LighthouseResult> {
  return runOnce(url, preset, await cookies()).catch(async () => runOnce(url, preset, await cookies()));
}
