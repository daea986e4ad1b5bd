/** One production build of a project copy: wall time and peak memory of its whole process tree. */
import path from 'node:path';
import { startChild } from './child-processes';
import { isCleaningUp } from './cleanup';
import { samplePeakRss } from './process-memory';
import { resetBuildState } from './project-copies';
import { medianFigure } from './report';
import type { Figure } from './report';

export interface BuildSample {
  seconds: number;
  peakRssBytes: number;
}

/**
 * Runs the binary `npx docusaurus` resolves to, directly: the npm wrapper would add its own memory
 * and start-up time to both pipelines alike.
 */
export async function timeBuild(copyDir: string, label: string, cache: 'cold' | 'warm' = 'cold'): Promise<BuildSample> {
  if (cache === 'cold') resetBuildState(copyDir);
  const started = performance.now();
  const build = startChild(`build ${label}`, path.join(copyDir, 'node_modules/.bin/docusaurus'), ['build'], {
    cwd: copyDir,
    env: { ...process.env, HANDBOOK_AUTH: 'local' },
  });
  const sampler = samplePeakRss(build.process.pid!);
  const code = await build.exited;
  const seconds = (performance.now() - started) / 1000;
  const peakRssBytes = sampler.stop();
  await build.stop();
  if (isCleaningUp()) throw new Error(`build ${label} stopped: the bench is ending`);
  if (code !== 0) throw new Error(`build ${label} in ${copyDir} failed (exit ${code}):\n${build.output()}`);
  return { seconds, peakRssBytes };
}

export interface BuildComparison {
  faster: BuildSample[];
  webpack: BuildSample[];
  /** Why the webpack copy could not be built, if it could not. */
  webpackError?: string;
  /** Webpack runs left out so the bench keeps its time bound. */
  webpackRunsSkipped: number;
}

/**
 * Alternates the two pipelines so that a busy moment of the machine hits both, the Faster copy
 * last, so its `build/` is the one the later sections serve. A failed Faster build stops the bench
 * (the later sections measure its output). A failed webpack build is not retried: it would fail
 * the same way, slowly. A cold webpack build takes minutes on two cores, so after the first one a
 * webpack run happens only if it still fits before `deadline` (ms, `performance.now()` clock),
 * counting the Faster runs still due.
 */
export async function compareBuilds(
  fasterDir: string,
  webpackDir: string,
  runs: number,
  deadline: number,
  progress: (line: string) => void,
): Promise<BuildComparison> {
  const result: BuildComparison = { faster: [], webpack: [], webpackRunsSkipped: 0 };
  const show = (sample: BuildSample) =>
    `${sample.seconds.toFixed(1)} s, ${(sample.peakRssBytes / 2 ** 30).toFixed(2)} GiB`;
  const lastSeconds = (samples: BuildSample[]) => samples[samples.length - 1]?.seconds ?? 0;
  for (let run = 1; run <= runs; run += 1) {
    const fasterStillDue = (runs - run + 1) * lastSeconds(result.faster);
    const fits = performance.now() + (lastSeconds(result.webpack) + fasterStillDue) * 1000 <= deadline;
    if (result.webpackError) {
      // nothing: already reported
    } else if (run > 1 && !fits) {
      result.webpackRunsSkipped += 1;
      progress(`build ${run}/${runs} webpack skipped: it would not fit the time bound`);
    } else {
      try {
        const sample = await timeBuild(webpackDir, 'webpack');
        result.webpack.push(sample);
        progress(`build ${run}/${runs} webpack: ${show(sample)}`);
      } catch (error) {
        result.webpackError = (error as Error).message;
        progress(`build ${run}/${runs} webpack FAILED, no more webpack runs:\n${result.webpackError.slice(-2000)}`);
      }
    }
    const sample = await timeBuild(fasterDir, 'faster');
    result.faster.push(sample);
    progress(`build ${run}/${runs} faster: ${show(sample)}`);
  }
  return result;
}

/** The line of a failed build's output that says why. */
function firstErrorLine(output: string): string {
  const lines = output.split('\n').map((line) => line.trim());
  return lines.find((line) => /Module not found|Error:|error TS\d+/.test(line)) ?? lines.find(Boolean) ?? '';
}

function webpackNote({ webpack, webpackError, webpackRunsSkipped }: BuildComparison): string | undefined {
  if (webpackError) return `the webpack build failed: ${firstErrorLine(webpackError)}`;
  if (webpackRunsSkipped) {
    return (
      `webpack: median of ${webpack.length} run(s), not 5: one cold webpack build takes ` +
      `${webpack[0].seconds.toFixed(0)} s here, and more would break the bench's 15-minute bound`
    );
  }
  return undefined;
}

const GIB = 2 ** 30;

export function buildFigures(comparison: BuildComparison): Figure[] {
  const { faster, webpack } = comparison;
  const section = 'Build (cold caches, HANDBOOK_AUTH=local; Faster vs webpack)';
  const note = webpackNote(comparison);
  return [
    medianFigure({
      section,
      name: 'build wall time',
      unit: 's',
      target: { on: 'ratio', op: '<=', limit: 0.3 },
      runs: faster.map((sample) => sample.seconds),
      baselineRuns: webpack.map((sample) => sample.seconds),
      note,
    }),
    medianFigure({
      section,
      name: 'build peak RSS, sum over the process tree',
      unit: 'GiB',
      runs: faster.map((sample) => sample.peakRssBytes / GIB),
      baselineRuns: webpack.map((sample) => sample.peakRssBytes / GIB),
      note,
    }),
  ];
}
