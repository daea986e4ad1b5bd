/**
 * Load on the gate server against serve-handler (what `docusaurus serve` uses) serving the same
 * build, side by side in one process of their own (see serve-builds.ts). autocannon does not follow
 * redirects: a signed-out page request ends at its 302, which is the expected answer there.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { readManifest } from '../gate/manifest';
import { figure, median, medianFigure } from './report';
import type { Figure } from './report';

export const LOAD_CONNECTIONS = 10;
export const LOAD_SECONDS = 2;
const WARM_UP_SECONDS = 1;

export interface LoadSample {
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts and any answer other than the expected status. */
  errors: number;
}

export interface LoadScenario {
  name: string;
  path: string;
  headers: Record<string, string>;
  expectedStatus: number;
}

const PAGE_HEADERS = { Accept: 'text/html', 'Sec-Fetch-Dest': 'document' };
const SCRIPT_HEADERS = { Accept: '*/*', 'Sec-Fetch-Dest': 'script' };

/**
 * A hashed JS chunk only a signed-in reader may fetch: of those, the one of median size, so the
 * figure is about the gate's work per request rather than the largest or smallest payload.
 */
export function protectedChunkOf(buildDir: string): string {
  const shell = new Set(readManifest(buildDir).publicFiles);
  const chunks = readdirSync(path.join(buildDir, 'assets/js'))
    .filter((name) => name.endsWith('.js') && !shell.has(`assets/js/${name}`))
    .map((name) => ({ name, size: statSync(path.join(buildDir, 'assets/js', name)).size }))
    .sort((a, b) => a.size - b.size);
  if (!chunks.length) throw new Error(`${buildDir}/assets/js holds no protected JS chunk`);
  return `/assets/js/${chunks[Math.floor(chunks.length / 2)].name}`;
}

export function loadScenarios(pagePath: string, chunkPath: string, cookie: string): LoadScenario[] {
  return [
    { name: 'signed-in page', path: pagePath, headers: { ...PAGE_HEADERS, Cookie: cookie }, expectedStatus: 200 },
    {
      name: 'signed-in JS chunk',
      path: chunkPath,
      headers: { ...SCRIPT_HEADERS, Cookie: cookie },
      expectedStatus: 200,
    },
    { name: 'signed-out page', path: pagePath, headers: PAGE_HEADERS, expectedStatus: 302 },
  ];
}

function unexpected(result: Result, expectedStatus: number): number {
  const byStatus = result.statusCodeStats ?? {};
  let count = 0;
  for (const [status, { count: seen = 0 }] of Object.entries(byStatus)) {
    if (Number(status) !== expectedStatus) count += seen;
  }
  return count + result.errors + result.timeouts;
}

export async function loadOnce(
  origin: string,
  scenario: Pick<LoadScenario, 'path' | 'headers'>,
  expectedStatus: number,
  seconds = LOAD_SECONDS,
): Promise<LoadSample> {
  const result = await autocannon({
    url: `${origin}${scenario.path}`,
    headers: scenario.headers,
    connections: LOAD_CONNECTIONS,
    duration: seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: unexpected(result, expectedStatus),
  };
}

/** One unmeasured second first, so neither server is timed while its code is still cold. */
export async function warmUp(origin: string, scenario: LoadScenario, expectedStatus: number): Promise<void> {
  await loadOnce(origin, scenario, expectedStatus, WARM_UP_SECONDS);
}

/**
 * Each scenario against the gate and the plain server in turn, `runs` times after a warm-up; the
 * plain server answers the same path (a page is a 200 there whoever asks).
 */
export async function servingFigures(
  origins: { gate: string; plain: string },
  scenarios: LoadScenario[],
  runs: number,
  progress: (line: string) => void,
): Promise<Figure[]> {
  const section = `Serving (autocannon, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s a run; gate vs serve-handler)`;
  const figures: Figure[] = [];
  for (const scenario of scenarios) {
    await warmUp(origins.gate, scenario, scenario.expectedStatus);
    await warmUp(origins.plain, scenario, 200);
    const gate: LoadSample[] = [];
    const plain: LoadSample[] = [];
    for (let run = 1; run <= runs; run += 1) {
      gate.push(await loadOnce(origins.gate, scenario, scenario.expectedStatus));
      plain.push(await loadOnce(origins.plain, scenario, 200));
    }
    const rps = (sample: LoadSample) => sample.requestsPerSecond;
    const p99 = (sample: LoadSample) => sample.p99Ms;
    const errors = (samples: LoadSample[]) => samples.reduce((sum, sample) => sum + sample.errors, 0);
    progress(
      `serving ${scenario.name}: gate ${median(gate.map(rps)).toFixed(0)} req/s, plain ${median(plain.map(rps)).toFixed(0)} req/s`,
    );
    figures.push(
      medianFigure({
        section,
        name: `${scenario.name} (${scenario.expectedStatus}): throughput`,
        unit: 'req/s',
        target: { on: 'ratio', op: '>=', limit: 0.7 },
        runs: gate.map(rps),
        note:
          scenario.expectedStatus === 200
            ? undefined
            : 'the plain server has no gate: it answers this request with the page itself (200)',
        baselineRuns: plain.map(rps),
      }),
      medianFigure({
        section,
        name: `${scenario.name}: p99 latency`,
        unit: 'ms',
        runs: gate.map(p99),
        baselineRuns: plain.map(p99),
      }),
      figure({
        section,
        name: `${scenario.name}: errors (incl. unexpected status), all runs`,
        value: errors(gate),
        unit: '',
        baseline: errors(plain),
        target: { on: 'value', op: '=', limit: 0 },
      }),
    );
  }
  return figures;
}
