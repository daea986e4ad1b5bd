/** Sections 2 and 3: bytes and times of page loads, product against the site without the gate. */
import type { Browser } from '@playwright/test';
import type { ReaderSession } from './browser';
import { DIAGRAM_PAGE, PLAIN_PAGE, docsPageRun, signedOutRun } from './browser-metrics';
import type { DocsPageRun } from './browser-metrics';
import { figure, median, medianFigure } from './report';
import type { Figure } from './report';
import type { Traffic } from './traffic';

export interface PageBenchOrigins {
  product: string;
  baseline: string;
}

interface PageRuns {
  diagram: { product: DocsPageRun[]; baseline: DocsPageRun[] };
  plain: { product: DocsPageRun[]; baseline: DocsPageRun[] };
  signedOut: (Traffic & { formMs: number })[];
}

export async function runPageBench(
  browser: Browser,
  session: ReaderSession,
  origins: PageBenchOrigins,
  runs: number,
  progress: (line: string) => void,
): Promise<PageRuns> {
  const result: PageRuns = {
    diagram: { product: [], baseline: [] },
    plain: { product: [], baseline: [] },
    signedOut: [],
  };
  for (let run = 1; run <= runs; run += 1) {
    result.diagram.product.push(
      await docsPageRun(browser, origins.product + DIAGRAM_PAGE, {
        storageState: await session.storageState(),
        warm: true,
      }),
    );
    result.diagram.baseline.push(await docsPageRun(browser, origins.baseline + DIAGRAM_PAGE, { warm: true }));
    result.plain.product.push(
      await docsPageRun(browser, origins.product + PLAIN_PAGE, {
        storageState: await session.storageState(),
        clickNext: true,
      }),
    );
    result.plain.baseline.push(await docsPageRun(browser, origins.baseline + PLAIN_PAGE, { clickNext: true }));
    result.signedOut.push(await signedOutRun(browser, origins.product + DIAGRAM_PAGE));
    const last = result.diagram.product[run - 1];
    progress(
      `page run ${run}/${runs}: ${DIAGRAM_PAGE} cold h1 ${last.cold.h1Ms.toFixed(0)} ms, warm h1 ${last.warm?.h1Ms.toFixed(0)} ms` +
        ` (baseline ${result.diagram.baseline[run - 1].warm?.h1Ms.toFixed(0)} ms),` +
        ` sign-in form ${result.signedOut[run - 1].formMs.toFixed(0)} ms`,
    );
  }
  return result;
}

const KIB = 1024;
const medianOf = <T>(items: T[], pick: (item: T) => number) => median(items.map(pick));
const runsOf = <T>(items: T[], pick: (item: T) => number) => items.map(pick);
const jsAndCss = (traffic: Traffic) => (traffic.jsGzipBytes + traffic.cssGzipBytes) / KIB;

export function pageFigures(runs: PageRuns): Figure[] {
  const bytes = 'Bytes (gzip, cold cache, until h1 visible and network idle)';
  const figures: Figure[] = [];
  for (const [page, pair] of [
    [DIAGRAM_PAGE, runs.diagram],
    [PLAIN_PAGE, runs.plain],
  ] as const) {
    const cold = (list: DocsPageRun[]) => list.map((run) => run.cold);
    figures.push(
      medianFigure({
        section: bytes,
        name: `signed-in ${page}: JS+CSS`,
        unit: 'KiB',
        target: { on: 'ratio', op: '<=', limit: 1.1 },
        runs: runsOf(cold(pair.product), jsAndCss),
        baselineRuns: runsOf(cold(pair.baseline), jsAndCss),
      }),
      figure({
        section: bytes,
        name: `signed-in ${page}: JS`,
        value: medianOf(cold(pair.product), (traffic) => traffic.jsGzipBytes / KIB),
        unit: 'KiB',
        baseline: medianOf(cold(pair.baseline), (traffic) => traffic.jsGzipBytes / KIB),
      }),
      figure({
        section: bytes,
        name: `signed-in ${page}: CSS`,
        value: medianOf(cold(pair.product), (traffic) => traffic.cssGzipBytes / KIB),
        unit: 'KiB',
        baseline: medianOf(cold(pair.baseline), (traffic) => traffic.cssGzipBytes / KIB),
      }),
      medianFigure({
        section: bytes,
        name: `signed-in ${page}: prefetched for linked pages (not in JS+CSS)`,
        unit: 'KiB',
        runs: runsOf(cold(pair.product), (traffic) => traffic.prefetchGzipBytes / KIB),
        baselineRuns: runsOf(cold(pair.baseline), (traffic) => traffic.prefetchGzipBytes / KIB),
      }),
    );
  }
  figures.push(
    figure({
      section: bytes,
      name: `signed-out ${DIAGRAM_PAGE} → sign-in form: JS+CSS (baseline: the page itself)`,
      value: medianOf(runs.signedOut, jsAndCss),
      unit: 'KiB',
      baseline: medianOf(
        runs.diagram.baseline.map((run) => run.cold),
        jsAndCss,
      ),
      runs: runsOf(runs.signedOut, jsAndCss),
    }),
    figure({
      section: bytes,
      name: `Mermaid chunk loaded on ${PLAIN_PAGE} (no diagram), any run`,
      value: runs.plain.product.some((run) => run.cold.mermaidLoaded),
      unit: '',
      baseline: runs.plain.baseline.some((run) => run.cold.mermaidLoaded),
      target: { on: 'value', op: '=', limit: false },
    }),
    figure({
      section: bytes,
      name: `Mermaid chunk loaded on ${DIAGRAM_PAGE} (diagram), every run`,
      value: runs.diagram.product.every((run) => run.cold.mermaidLoaded),
      unit: '',
      baseline: runs.diagram.baseline.every((run) => run.cold.mermaidLoaded),
      note: 'a check that the Mermaid detection works',
    }),
    figure({
      section: bytes,
      name: 'search-index.json fetched before search was used, any load',
      value: [...runs.diagram.product, ...runs.plain.product].some(
        (run) => run.cold.searchIndexFetched || !!run.warm?.searchIndexFetched,
      ),
      unit: '',
      baseline: [...runs.diagram.baseline, ...runs.plain.baseline].some((run) => run.cold.searchIndexFetched),
      target: { on: 'value', op: '=', limit: false },
    }),
  );

  const time = 'Time (in-page, from navigation start; median)';
  const warmH1 = (run: DocsPageRun) => run.warm?.h1Ms ?? NaN;
  figures.push(
    medianFigure({
      section: time,
      name: `returning reader (warm cache) ${DIAGRAM_PAGE}: h1 visible`,
      unit: 'ms',
      target: { on: 'ratio', op: '<=', limit: 1.25 },
      runs: runsOf(runs.diagram.product, warmH1),
      baselineRuns: runsOf(runs.diagram.baseline, warmH1),
    }),
    figure({
      section: time,
      name: 'identity service requests during that warm load, most in a run',
      value: Math.max(...runs.diagram.product.map((run) => run.warm?.identityRequests ?? 0)),
      unit: '',
      target: { on: 'value', op: '=', limit: 0 },
    }),
    medianFigure({
      section: time,
      name: `signed-in cold load ${DIAGRAM_PAGE}: h1 visible`,
      unit: 'ms',
      runs: runsOf(runs.diagram.product, (run) => run.cold.h1Ms),
      baselineRuns: runsOf(runs.diagram.baseline, (run) => run.cold.h1Ms),
    }),
    figure({
      section: time,
      name: 'identity service requests during signed-in cold loads, most in a run',
      value: Math.max(...[...runs.diagram.product, ...runs.plain.product].map((run) => run.cold.identityRequests)),
      unit: '',
    }),
    figure({
      section: time,
      name: `signed-out cold ${DIAGRAM_PAGE}: sign-in form usable (baseline: page h1)`,
      value: medianOf(runs.signedOut, (run) => run.formMs),
      unit: 'ms',
      baseline: medianOf(runs.diagram.baseline, (run) => run.cold.h1Ms),
      runs: runsOf(runs.signedOut, (run) => run.formMs),
    }),
    medianFigure({
      section: time,
      name: `client-side navigation ${PLAIN_PAGE} → Next: click to new h1`,
      unit: 'ms',
      runs: runsOf(runs.plain.product, (run) => run.clientNavMs ?? NaN),
      baselineRuns: runsOf(runs.plain.baseline, (run) => run.clientNavMs ?? NaN),
    }),
  );
  return figures;
}
