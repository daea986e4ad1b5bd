/**
 * `npm run bench -- --scale N`: what growth costs. The handbook at today's size and at N times it
 * (`scale.ts`), each against plain Docusaurus of the same docs, built, served and tested in one
 * run on loopback (ports of its own). Prints a Markdown table for 1x and Nx.
 *   --without-suites   skip the browser suites (the longest part)
 *   --no-second-build  compress the larger scale's build twice instead of building it twice
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { precompressBuild } from '../gate/compression';
import { createGateServer } from '../gate/server';
import { freePort, startLocalIdentity } from '../identity/launch';
import { PREVIEW_VARIABLE } from '../core/preview';
import { SIGN_IN_PATH } from '../core/sign-in-route';
import { PREVIEW_BUILD } from '../e2e/build-output';
import { launchBrowser, measurePage, noCookies, readerCookieJar } from './page-loads';
import { writePlainSite } from './plain-site';
import { runMeasured } from './process-usage';
import { countPages, writeScaledProject } from './scale';
import { measureFirstSearch } from './search-loads';
import { startServer, stopAll } from './sites';
import { gib, kib, searchFigures, table } from './growth-report';
import type { ScaleFigures, SuiteRun } from './growth-report';

const PROJECT_DIR = path.resolve(__dirname, '..');
/** A page without diagrams that every scale has, and the section it is in. */
const PAGE = '/how-we-work/testing';
const QUERY = 'claims';

const progress = (line: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Every process the growth bench runs to its end, by process group, so a failed run stops them. */
const running = new Set<ChildProcess>();
const track = (child: ChildProcess, alive: boolean) => (alive ? running.add(child) : running.delete(child));
function stopRunning(): void {
  for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGTERM');
}

/** Bytes of every file of a build, its compressed copies left out. */
function buildBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.startsWith('.gate'))
    .map((file) => statSync(path.join(dir, file)))
    .filter((stat) => stat.isFile())
    .reduce((sum, stat) => sum + stat.size, 0);
}

/**
 * The search index's files (src/search/index-files.ts), raw and as brotli sends them: all of them,
 * the pages file every search starts with, and the largest shard of terms.
 */
function indexSizes(dir: string): ScaleFigures['index'] {
  const sized = (file: string) => {
    const raw = readFileSync(path.join(dir, file)).length;
    // A file too small to gain from compression has no compressed copy and is sent as it is.
    const compressed = path.join(dir, '.gate/compressed', `${file}.br`);
    return { raw, brotli: existsSync(compressed) ? statSync(compressed).size : raw };
  };
  const files = readdirSync(dir).filter((file) => /^search-index-[\w-]+-[0-9a-f]{8}\.json$/.test(file));
  const pages = files.find((file) => /^search-index-_pages-[0-9a-f]{8}\.json$/.test(file));
  if (!pages) throw new Error(`no search pages file in ${dir}`);
  const shards = files.filter((file) => file.startsWith('search-index-_t-')).map(sized);
  const all = files.map(sized).reduce((sum, size) => ({ raw: sum.raw + size.raw, brotli: sum.brotli + size.brotli }));
  return {
    files: files.length,
    all,
    pages: sized(pages),
    largestShard: shards.sort((a, b) => b.brotli - a.brotli)[0],
  };
}

/** The gate's start-up on a build: reading the manifest, listing the files, finding their compressed copies. */
function gateStartSeconds(buildDir: string): number {
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    createGateServer({ buildDir, log: () => {} });
    return (performance.now() - started) / 1000;
  });
  return median(times);
}

/** A browser suite in the scaled project, with ports of its own; its time and Playwright's summary line. */
async function runSuite(projectDir: string, args: string[], env: NodeJS.ProcessEnv): Promise<SuiteRun> {
  const usage = await runMeasured(path.join(projectDir, 'node_modules/.bin/playwright'), ['test', ...args], {
    cwd: projectDir,
    env,
    track,
    allowFailure: true,
  });
  const summary = [...usage.output.matchAll(/^\s+(\d+ (?:passed|failed|flaky|skipped|did not run))/gm)]
    .map((match) => match[1])
    .join(', ');
  return { seconds: usage.seconds, summary: summary || `exit ${usage.code}` };
}

async function measureScale(
  factor: number,
  workDir: string,
  identityPort: number,
  { withSuites, secondBuild }: GrowthOptions,
): Promise<ScaleFigures> {
  const projectDir = path.join(workDir, `x${factor}`, 'project');
  writeScaledProject(PROJECT_DIR, projectDir, factor);
  const pages = countPages(path.join(projectDir, 'docs'));
  progress(`${factor}x: ${pages} pages in ${projectDir}`);
  const env = { HANDBOOK_AUTH: 'local', HANDBOOK_IDENTITY_PORT: String(identityPort) };
  const docusaurus = path.join(projectDir, 'node_modules/.bin/docusaurus');
  const buildDir = path.join(projectDir, 'build');
  const cacheDir = path.join(projectDir, 'node_modules/.cache/handbook-precompress');

  const handbook = await runMeasured(docusaurus, ['build'], { cwd: projectDir, env, track });
  const first = await precompressBuild(buildDir, { cacheDir });
  progress(
    `${factor}x: handbook built in ${handbook.seconds.toFixed(0)} s (CPU ${handbook.cpuSeconds.toFixed(0)} s, ` +
      `peak ${gib(handbook.peakBytes)}), precompressed in ${first.seconds.toFixed(1)} s`,
  );
  // The same docs built again, as a second `npm run build` does: only what changed is compressed.
  // With `--no-second-build` the larger scale compresses its first build again instead (1x's
  // second build shows whether a build repeats its outputs byte for byte).
  const handbookAgain =
    factor === 1 || secondBuild ? await runMeasured(docusaurus, ['build'], { cwd: projectDir, env, track }) : undefined;
  const again = await precompressBuild(buildDir, { cacheDir });
  progress(
    `${factor}x: built again in ${handbookAgain?.seconds.toFixed(0) ?? '(not built again)'} s, precompressed in ${again.seconds.toFixed(1)} s ` +
      `(${again.reused} of ${again.files} files reused)`,
  );

  const plainSite = path.join(workDir, `x${factor}`, 'plain-site');
  const plainDir = path.join(workDir, `x${factor}`, 'plain');
  writePlainSite(projectDir, plainSite);
  const plain = await runMeasured(docusaurus, ['build', '--out-dir', plainDir], { cwd: plainSite, env, track });
  progress(
    `${factor}x: plain site built in ${plain.seconds.toFixed(0)} s (CPU ${plain.cpuSeconds.toFixed(0)} s, peak ${gib(plain.peakBytes)})`,
  );

  const identity = await startLocalIdentity({ port: identityPort, env: { HANDBOOK_IDENTITY_LOG_LEVEL: 'warn' } });
  let served: Omit<ScaleFigures, 'factor' | 'pages' | 'build' | 'precompress' | 'suites'>;
  try {
    const [gatePort, plainPort] = [await freePort(), await freePort()];
    const origins = {
      handbook: await startServer(
        'gate/cli.ts',
        // Throughput is the server's capacity, measured from one address: no per-client budget.
        ['--dir', buildDir, '--port', String(gatePort), '--without-identity', '--requests-per-second', '1000000'],
        gatePort,
        SIGN_IN_PATH,
      ),
      plain: await startServer('bench/plain-server.ts', [plainDir, String(plainPort)], plainPort, '/'),
    };
    const sessionJar = () => readerCookieJar(identity.url);
    const browser = await launchBrowser();
    try {
      const coldBytes = async (site: 'handbook' | 'plain') =>
        median(
          (
            await measurePage(browser, origins[site] + PAGE, 'h1', 3, site === 'handbook' ? sessionJar : noCookies)
          ).cold.map((load) => load.bytes),
        );
      const search = (site: 'handbook' | 'plain', from: string) =>
        measureFirstSearch(browser, origins[site] + from, QUERY, site === 'handbook' ? sessionJar : noCookies);
      const [homeHandbook, homePlain] = [await search('handbook', '/'), await search('plain', '/')];
      const [sectionHandbook, sectionPlain] = [await search('handbook', PAGE), await search('plain', PAGE)];
      served = {
        bytes: { handbook: buildBytes(buildDir), plain: buildBytes(plainDir) },
        index: indexSizes(buildDir),
        pageView: { handbook: await coldBytes('handbook'), plain: await coldBytes('plain') },
        searchFromHome: searchFigures(homeHandbook, homePlain),
        searchFromSection: searchFigures(sectionHandbook, sectionPlain),
        gateStartSeconds: gateStartSeconds(buildDir),
      };
    } finally {
      await browser.close();
    }
  } finally {
    stopAll();
    await identity.stop();
  }
  progress(`${factor}x: served figures ${JSON.stringify(served)}`);

  let suites: ScaleFigures['suites'];
  if (withSuites) {
    // The production suite serves the preview of pull request 42 beside the build, and its preview
    // tests need one (playwright.config.ts): built as `npm run build:preview` builds it, or two of
    // them failed at 12x for want of it (newcomer review 4).
    const previewDir = path.join(projectDir, PREVIEW_BUILD);
    const previewEnv = { ...env, [PREVIEW_VARIABLE]: '42' };
    const preview = await runMeasured(docusaurus, ['build', '--out-dir', previewDir], {
      cwd: projectDir,
      env: previewEnv,
      track,
    });
    await precompressBuild(previewDir, { cacheDir });
    progress(`${factor}x: preview built in ${preview.seconds.toFixed(0)} s`);
    // The suites start their own identity service and servers, on ports of their own.
    const production = await runSuite(projectDir, [], {
      HANDBOOK_TEST_PORT: String(await freePort()),
      HANDBOOK_IDENTITY_PORT: String(identityPort),
    });
    progress(`${factor}x: production suite ${production.seconds.toFixed(0)} s (${production.summary})`);
    const devServer = await runSuite(projectDir, ['-c', 'playwright.dev.config.ts'], {
      HANDBOOK_DEV_TEST_PORT: String(await freePort()),
      HANDBOOK_IDENTITY_PORT: String(await freePort()),
    });
    progress(`${factor}x: dev-server suite ${devServer.seconds.toFixed(0)} s (${devServer.summary})`);
    suites = { production, devServer };
  }
  return { factor, pages, build: { handbook, plain, handbookAgain }, precompress: { first, again }, ...served, suites };
}

export interface GrowthOptions {
  /** Run the browser suites in each scaled project. */
  withSuites: boolean;
  /** Build the larger scale a second time (1x always is). */
  secondBuild: boolean;
}

export async function growthBench(factor: number, options: GrowthOptions, workDir: string): Promise<void> {
  progress(
    `growth bench 1x and ${factor}x; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${cpus().length} cores; work in ${workDir}`,
  );
  const identityPort = await freePort();
  const scales: ScaleFigures[] = [];
  try {
    for (const scale of factor === 1 ? [1] : [1, factor]) {
      scales.push(await measureScale(scale, workDir, identityPort, options));
    }
  } catch (error) {
    stopRunning();
    throw error;
  }
  console.log(
    `\nRun ${new Date().toISOString()}, ${cpus().length} cores, Node ${process.version}; load average now ${loadavg()[0].toFixed(2)}.\n`,
  );
  console.log(table(scales, PAGE));
  const home = scales.map(({ pages, searchFromHome }) => ({ pages, bytes: searchFromHome.handbook }));
  if (home.length === 2) {
    // A first search downloads a few files; a straight line through the two runs says how it grows.
    const [small, large] = home;
    const perPage = (large.bytes - small.bytes) / (large.pages - small.pages);
    const pagesAt1MiB = small.pages + (1024 * 1024 - small.bytes) / perPage;
    console.log(
      perPage > 0
        ? `A first search from home grows by ${kib(perPage * 100)} per 100 pages: on a straight line it passes 1 MiB on the wire at about ${Math.round(pagesAt1MiB)} pages.`
        : 'A first search from home did not grow with the pages.',
    );
  }
}
