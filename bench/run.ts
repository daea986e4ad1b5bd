/**
 * `npm run bench`: the handbook's performance figures against their baselines, in one bounded run
 * on loopback. Prints a table and writes `bench-results.json` at the repository root.
 *
 *   1. build time and memory, Faster against webpack (project-copies.ts, build-timing.ts)
 *   2. bytes and 3. times of page loads, against the site without the gate (page-bench.ts)
 *   4. search (search-metrics.ts)   5. Lighthouse (lighthouse.ts)   6. serving load (serving.ts)
 *
 * A section that fails is reported and the others still run; the exit code is then 1.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { localIdentityUrl } from '../identity/local-pool';
import { sessionCookie, signInForTokens } from '../gate/tests/session-cookies';
import { launchBrowser, ReaderSession } from './browser';
import { compareBuilds, buildFigures, timeBuild } from './build-timing';
import { DIAGRAM_PAGE } from './browser-metrics';
import { cleanUpAll, cleanUpOnSignals } from './cleanup';
import { assertIdentityPortFree, startIdentityService } from './identity-service';
import { lighthouseFigures } from './lighthouse';
import { pageFigures, runPageBench } from './page-bench';
import { copyProject, removeGate, switchFasterOff } from './project-copies';
import { formatTable, writeResults } from './report';
import type { Figure } from './report';
import { searchFigures } from './search-metrics';
import { startServers } from './servers';
import { loadScenarios, protectedChunkOf, servingFigures } from './serving';

const PROJECT_DIR = path.resolve(__dirname, '..');
const RESULTS_FILE = path.join(PROJECT_DIR, 'bench-results.json');
/** Every timed figure is the median of this many runs (fewer only for a quick look at the harness). */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_SKIP_BUILD_COMPARISON=1: one product build instead of the Faster/webpack comparison. */
const SKIP_BUILD_COMPARISON = process.env.BENCH_SKIP_BUILD_COMPARISON === '1';
/** The whole run stays under this bound (BENCH_BUDGET_MINUTES to allow more webpack runs). */
const BUDGET_SECONDS = Number(process.env.BENCH_BUDGET_MINUTES ?? 14) * 60;
/** What the sections after the builds take on a quiet 2-core machine (about 5.3 min), with room. */
const AFTER_BUILDS_SECONDS = 6 * 60;
/** BENCH_ONLY=pages,search,lighthouse,serving: only those sections after the builds. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_RUNS must be a positive integer, got ${RUNS}`);
if (!(BUDGET_SECONDS > 0)) throw new Error('BENCH_BUDGET_MINUTES must be a positive number');

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const progress = (line: string) => console.log(`[bench ${elapsed()}] ${line}`);

const figures: Figure[] = [];
/** Taken with the copies: the project may be committed to while the bench runs. */
let source = 'unknown';
const failures: { section: string; error: string }[] = [];

/** Runs one section; its failure is recorded and the bench goes on. */
async function section(name: string, body: () => Promise<Figure[]>): Promise<void> {
  if (ONLY && !ONLY.includes(name)) return;
  progress(`${name}…`);
  try {
    figures.push(...(await body()));
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    failures.push({ section: name, error: message });
    progress(`${name} FAILED: ${message}`);
  }
}

async function main(): Promise<void> {
  cleanUpOnSignals();
  const load = loadavg()[0];
  const busy = load > cpus().length / 2 ? ' (a busy machine: timings suffer)' : '';
  progress(`load average ${load.toFixed(2)} on ${cpus().length} cores${busy}`);
  await assertIdentityPortFree();

  // One snapshot of the source for all three copies: the project may be edited while this runs.
  source = sourceVersion();
  const productDir = copyProject(PROJECT_DIR, 'product');
  const webpackDir = copyProject(PROJECT_DIR, 'webpack');
  const baselineDir = copyProject(PROJECT_DIR, 'baseline');
  switchFasterOff(webpackDir);
  removeGate(baselineDir);
  progress(`copies: product ${productDir}, webpack ${webpackDir}, baseline ${baselineDir}`);

  if (SKIP_BUILD_COMPARISON) {
    progress(`product built in ${(await timeBuild(productDir, 'faster')).seconds.toFixed(1)} s (comparison skipped)`);
  } else {
    const deadline = started + (BUDGET_SECONDS - AFTER_BUILDS_SECONDS) * 1000;
    const comparison = await compareBuilds(productDir, webpackDir, RUNS, deadline, progress);
    figures.push(...buildFigures(comparison));
    if (comparison.webpackError) failures.push({ section: 'build (webpack)', error: comparison.webpackError });
  }
  const baselineBuild = await timeBuild(baselineDir, 'baseline');
  progress(`baseline (no gate) built in ${baselineBuild.seconds.toFixed(1)} s`);

  await startIdentityService(productDir);
  const productBuildDir = path.join(productDir, 'build');
  const baselineBuildDir = path.join(baselineDir, 'build');
  const { origins } = await startServers(productDir, {
    gate: productBuildDir,
    plain: productBuildDir,
    baseline: baselineBuildDir,
  });
  progress(`serving: gate ${origins.gate}, plain ${origins.plain}, baseline ${origins.baseline}`);

  const browser = await launchBrowser();
  const session = new ReaderSession(browser, origins.gate);

  await section('pages', async () =>
    pageFigures(
      await runPageBench(browser, session, { product: origins.gate, baseline: origins.baseline }, RUNS, progress),
    ),
  );
  await section('search', () =>
    searchFigures(
      browser,
      session,
      {
        product: { origin: origins.gate, dir: productBuildDir },
        baseline: { origin: origins.baseline, dir: baselineBuildDir },
      },
      RUNS,
      progress,
    ),
  );
  await section('lighthouse', () =>
    lighthouseFigures(
      [
        { label: '/sign-in (signed out)', url: `${origins.gate}/sign-in` },
        {
          label: `${DIAGRAM_PAGE} (signed in)`,
          url: origins.gate + DIAGRAM_PAGE,
          cookies: async () => (await session.storageState()).cookies,
        },
      ],
      RUNS,
      progress,
    ),
  );
  await section('serving', async () => {
    const cookie = sessionCookie(await signInForTokens(localIdentityUrl));
    const scenarios = loadScenarios(DIAGRAM_PAGE, protectedChunkOf(productBuildDir), cookie);
    return servingFigures({ gate: origins.gate, plain: origins.plain }, scenarios, RUNS, progress);
  });
}

/** The commit measured, and whether the working tree (which the copies took) differed from it. */
function sourceVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: PROJECT_DIR, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

async function finish(): Promise<void> {
  let fatal: unknown;
  try {
    await main();
  } catch (error) {
    fatal = error;
  }
  await cleanUpAll();
  const seconds = (performance.now() - started) / 1000;
  if (fatal) {
    failures.push({ section: 'setup', error: fatal instanceof Error ? (fatal.stack ?? fatal.message) : String(fatal) });
  }
  console.log(`\n${formatTable(figures)}\n`);
  const targets = figures.filter((item) => item.met !== null);
  console.log(
    `targets met: ${targets.filter((item) => item.met).length} of ${targets.length}; ` +
      `total ${(seconds / 60).toFixed(1)} min; load average now ${loadavg()[0].toFixed(2)}`,
  );
  for (const failure of failures) console.error(`\nFAILED ${failure.section}:\n${failure.error}`);
  writeResults(RESULTS_FILE, figures, {
    date: new Date().toISOString(),
    source,
    durationSeconds: Math.round(seconds),
    runsPerTimedFigure: RUNS,
    machine: { cores: cpus().length, loadAverageAtEnd: loadavg()[0], node: process.version },
    failures,
  });
  console.log(`wrote ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  process.exitCode = failures.length ? 1 : 0;
}

void finish();
