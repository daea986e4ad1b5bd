/**
 * `npm run bench`: the handbook, served by its own gate server, against plain Docusaurus of the
 * same docs served compressed, in one run on loopback (ports of its own; no lock needed). Prints
 * a Markdown table of medians with ratios (handbook / plain), each against its target (bench/README.md).
 *   BENCH_RUNS=3 (runs per figure, medians reported)
 * With `--scale N` it measures growth instead: today's handbook and one N times its size (growth.ts).
 *   npm run bench -- --scale 12 [--without-suites]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startLocalIdentity } from '../identity/launch';
import { sessionCookieHeader, signInForTokens } from '../testkit/local-identity';
import { SIGN_IN_PATH } from '../core/sign-in-route';
import { lighthouseRun } from './lighthouse';
import type { LighthouseResult, Preset } from './lighthouse';
import { launchBrowser, measurePage, noCookies, readerCookieJar } from './page-loads';
import { buildSites, startServer, stopAll } from './sites';
import { growthBench } from './growth';
import { throughput } from './throughput';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_RUNS must be a positive integer, got ${RUNS}`);

/** Pages measured: a signed-out visitor's sign-in page, a page without diagrams, a diagram page. */
const PAGES = [
  { path: SIGN_IN_PATH, signedIn: false, visible: 'input[type="password"]', inPlain: false },
  { path: '/how-we-work/testing', signedIn: true, visible: 'h1', inPlain: true },
  { path: '/arc/architecture', signedIn: true, visible: 'h1', inPlain: true },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const progress = (line: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

interface Row {
  figure: string;
  handbook: number;
  plain?: number;
  unit: string;
  /** Met when handbook / plain (or handbook alone, with `alone`) compares so with `limit`. */
  target?: { op: '<=' | '>='; limit: number; alone?: boolean };
  /** A score that must also be at least the plain site's. */
  atLeastPlain?: boolean;
}
const rows: Row[] = [];

function formatRow({ figure, handbook, plain, unit, target, atLeastPlain }: Row): string {
  const show = (value?: number) =>
    value === undefined
      ? ''
      : `${Number.isInteger(value) ? value : value.toFixed(unit === 'KiB' ? 1 : 0)} ${unit}`.trim();
  const ratio = plain ? handbook / plain : undefined;
  let verdict = '';
  if (target) {
    const measured = target.alone ? handbook : ratio;
    const beatsPlain = !atLeastPlain || plain === undefined || handbook >= plain;
    const met =
      beatsPlain &&
      measured !== undefined &&
      (target.op === '<=' ? measured <= target.limit : measured >= target.limit);
    const also = atLeastPlain && plain !== undefined ? ' and ≥ plain' : '';
    verdict = `${target.op === '<=' ? '≤' : '≥'} ${target.limit}${target.alone ? '' : '×'}${also} ${met ? 'met' : '**missed**'}`;
  }
  return `| ${figure} | ${show(handbook)} | ${show(plain)} | ${ratio === undefined ? '' : ratio.toFixed(2)} | ${verdict} |`;
}

async function main(): Promise<void> {
  const identity = await startLocalIdentity({ port: 0, env: { HANDBOOK_IDENTITY_LOG_LEVEL: 'warn' } });
  const workDir = mkdtempSync(path.join(tmpdir(), 'handbook-bench-'));
  progress(
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${cpus().length} cores; work in ${workDir}`,
  );
  try {
    progress('building the handbook and the plain site');
    const builds = await buildSites(workDir, identity.port);
    const { precompress } = builds;
    progress(
      `handbook built in ${builds.productSeconds.toFixed(1)} s; precompressing ${precompress.files} files took ` +
        `${precompress.seconds.toFixed(1)} s more (${(precompress.bytes / 1024).toFixed(0)} KiB → brotli ` +
        `${(precompress.compressed.br / 1024).toFixed(0)} KiB, gzip ${(precompress.compressed.gzip / 1024).toFixed(0)} KiB)`,
    );
    const [gatePort, plainPort] = [await freePort(), await freePort()];
    const origins = {
      handbook: await startServer(
        'gate/cli.ts',
        // Throughput is the server's capacity, measured from one address: no per-client budget.
        ['--dir', builds.product, '--port', String(gatePort), '--without-identity', '--requests-per-second', '1000000'],
        gatePort,
        SIGN_IN_PATH,
      ),
      plain: await startServer('bench/plain-server.ts', [builds.plain, String(plainPort)], plainPort, '/'),
    };

    const signIn = () => signInForTokens(identity.url);
    const sessionJar = () => readerCookieJar(identity.url);

    const browser = await launchBrowser();
    for (const page of PAGES) {
      const who = page.signedIn ? 'signed in' : 'signed out';
      const measure = (site: 'handbook' | 'plain') =>
        measurePage(
          browser,
          origins[site] + page.path,
          page.visible,
          RUNS,
          page.signedIn && site === 'handbook' ? sessionJar : noCookies,
        );
      const handbook = await measure('handbook');
      const plain = page.inPlain ? await measure('plain') : undefined;
      progress(`loads of ${page.path} measured`);
      const pick = (
        figures: typeof handbook | undefined,
        kind: 'cold' | 'warm',
        value: 'bytes' | 'mermaidBytes' | 'visibleMs',
      ) => figures && median(figures[kind].map((load) => load[value]));
      rows.push(
        {
          figure: `${page.path} (${who}) cold load: bytes on the wire`,
          handbook: pick(handbook, 'cold', 'bytes')! / 1024,
          plain: plain && pick(plain, 'cold', 'bytes')! / 1024,
          unit: 'KiB',
          target: page.inPlain ? { op: '<=', limit: 1.05 } : undefined,
        },
        {
          figure: `${page.path} cold load: of which Mermaid's library`,
          handbook: pick(handbook, 'cold', 'mermaidBytes')! / 1024,
          plain: plain && pick(plain, 'cold', 'mermaidBytes')! / 1024,
          unit: 'KiB',
        },
        {
          figure: `${page.path} cold load: ${page.visible} visible`,
          handbook: pick(handbook, 'cold', 'visibleMs')!,
          plain: pick(plain, 'cold', 'visibleMs'),
          unit: 'ms',
        },
        {
          figure: `${page.path} warm load: ${page.visible} visible`,
          handbook: pick(handbook, 'warm', 'visibleMs')!,
          plain: pick(plain, 'warm', 'visibleMs'),
          unit: 'ms',
        },
      );
    }
    await browser.close();

    for (const preset of ['mobile', 'desktop'] as Preset[]) {
      for (const page of PAGES) {
        const runOf = (site: 'handbook' | 'plain') =>
          lighthouseRun(
            origins[site] + page.path,
            preset,
            page.signedIn && site === 'handbook' ? sessionJar : noCookies,
          );
        // The sites take turns, run by run: a change in the machine's load falls on both alike.
        const handbook: LighthouseResult[] = [];
        const plain: LighthouseResult[] | undefined = page.inPlain ? [] : undefined;
        for (let run = 0; run < RUNS; run += 1) {
          handbook.push(await runOf('handbook'));
          plain?.push(await runOf('plain'));
        }
        progress(
          `Lighthouse ${preset} ${page.path}: ${JSON.stringify(handbook.map((run) => run.performance))} / ${JSON.stringify(plain?.map((run) => run.performance))}`,
        );
        const pick = (results: LighthouseResult[] | undefined, key: keyof LighthouseResult) =>
          results && median(results.map((result) => result[key]));
        const name = `Lighthouse ${preset} ${page.path}`;
        rows.push(
          {
            figure: `${name}: performance`,
            handbook: pick(handbook, 'performance')!,
            plain: pick(plain, 'performance'),
            unit: '',
            target: preset === 'mobile' ? { op: '>=', limit: 90, alone: true } : undefined,
            atLeastPlain: preset === 'mobile',
          },
          { figure: `${name}: LCP`, handbook: pick(handbook, 'lcpMs')!, plain: pick(plain, 'lcpMs'), unit: 'ms' },
          { figure: `${name}: TBT`, handbook: pick(handbook, 'tbtMs')!, plain: pick(plain, 'tbtMs'), unit: 'ms' },
          {
            figure: `${name}: accessibility, best practices`,
            handbook: Math.min(pick(handbook, 'accessibility')!, pick(handbook, 'bestPractices')!),
            plain: plain && Math.min(pick(plain, 'accessibility')!, pick(plain, 'bestPractices')!),
            unit: '',
            target: { op: '>=', limit: 100, alone: true },
          },
        );
      }
    }

    const cookie = sessionCookieHeader(await signIn());
    // The sign-in page is an application of its own: the main bundle is named by a signed-in page.
    const mainBundle = (
      await (await fetch(`${origins.handbook}/how-we-work/testing`, { headers: { cookie } })).text()
    ).match(/\/assets\/js\/main\.[0-9a-f]+\.js/)?.[0];
    const plainBundle = (await (await fetch(`${origins.plain}/how-we-work/testing`)).text()).match(
      /\/assets\/js\/main\.[0-9a-f]+\.js/,
    )?.[0];
    for (const [what, handbookPath, plainPath] of [
      ['a page (HTML)', '/how-we-work/testing', '/how-we-work/testing'],
      ['the main bundle', mainBundle, plainBundle],
    ] as const) {
      if (!handbookPath || !plainPath) throw new Error(`no ${what} found to load`);
      const handbook = await throughput(origins.handbook + handbookPath, cookie);
      const plain = await throughput(origins.plain + plainPath, undefined);
      rows.push({
        figure: `throughput, ${what}, br/gzip`,
        handbook,
        plain,
        unit: 'req/s',
        target: { op: '>=', limit: 0.7 },
      });
    }
  } finally {
    stopAll();
    await identity.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** `--scale N` from the command line, or null. */
function scaleArgument(): number | null {
  const index = process.argv.indexOf('--scale');
  if (index === -1) return null;
  const factor = Number(process.argv[index + 1]);
  if (!Number.isInteger(factor) || factor < 1)
    throw new Error(`--scale needs a whole number ≥ 1, got ${process.argv[index + 1]}`);
  return factor;
}

async function growth(factor: number): Promise<void> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'handbook-growth-'));
  try {
    await growthBench(
      factor,
      {
        withSuites: !process.argv.includes('--without-suites'),
        secondBuild: !process.argv.includes('--no-second-build'),
      },
      workDir,
    );
  } finally {
    stopAll();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const factor = scaleArgument();
if (factor !== null) {
  growth(factor).catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
} else {
  runComparison();
}

function runComparison(): void {
  main()
    .then(() => {
      console.log(
        `\nRun ${new Date().toISOString()}, ${cpus().length} cores, Node ${process.version}, medians of ${RUNS} run${RUNS === 1 ? '' : 's'}; load average now ${loadavg()[0].toFixed(2)}.\n`,
      );
      console.log(
        '| Figure | Handbook | Plain Docusaurus, compressed | Ratio | Target |\n| --- | --- | --- | --- | --- |',
      );
      for (const row of rows) console.log(formatRow(row));
    })
    .catch((error: unknown) => {
      stopAll();
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    });
}
