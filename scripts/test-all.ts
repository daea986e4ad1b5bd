/**
 * `npm run test:all`, what `npm test` runs: lint; then the unit tests and the three builds the
 * browser suites use (`npm run test:builds`) side by side; then every browser suite
 * (`npm run test:browsers`). The unit tests keep about one core of two busy (7 min of CPU in 7 min
 * of wall time on these machines), so the builds take the other instead of 6-12 minutes of their
 * own afterwards. The builds' output is held and printed when they end, after the unit tests',
 * so neither is interleaved with the other. The browser suites run whenever the builds succeeded,
 * a unit failure or not, so one run shows everything; the exit code is non-zero if anything failed.
 */
import { spawn, spawnSync } from 'node:child_process';

type Outcome = { name: string; passed: boolean; minutes: string };

const minutesSince = (started: number) => ((performance.now() - started) / 60_000).toFixed(1);

function runNow(script: string): Outcome {
  const started = performance.now();
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  return { name: `npm run ${script}`, passed: run.status === 0, minutes: minutesSince(started) };
}

/** Runs an npm script; its output goes to the terminal, or is held and handed back when `hold`. */
function runBeside(script: string, hold: boolean): Promise<Outcome & { output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) =>
      resolve({
        name: `npm run ${script}`,
        passed: code === 0,
        minutes: minutesSince(started),
        output: Buffer.concat(chunks).toString('utf8'),
      }),
    );
  });
}

async function main(): Promise<number> {
  const lint = runNow('lint');
  if (!lint.passed) return 1;
  const [unit, builds] = await Promise.all([runBeside('test:unit', false), runBeside('test:builds', true)]);
  console.log(`\n${builds.name} (beside the unit tests):\n${builds.output}`);
  const browsers = builds.passed ? runNow('test:browsers') : null;
  const outcomes = [lint, unit, builds, ...(browsers ? [browsers] : [])];
  const lines = outcomes.map(
    ({ name, passed, minutes }) => `  ${name}: ${passed ? 'passed' : 'FAILED'} in ${minutes} min`,
  );
  if (!browsers) lines.push('  npm run test:browsers: not run, for want of the builds');
  console.log(['', 'npm test:', ...lines].join('\n'));
  return outcomes.every((outcome) => outcome.passed) && browsers ? 0 : 1;
}

void main().then((code) => {
  process.exitCode = code;
});
