/**
 * `npm run test:all`, what `npm test` runs: lint; then the unit tests and the three builds the
 * browser suites use (`npm run test:builds`) side by side; then every browser suite
 * (`npm run test:browsers`). The unit tests keep about one core of two busy (7 min of CPU in 7 min
 * of wall time on these machines), so the builds take the other instead of 6-12 minutes of their
 * own afterwards. The builds' output is held and printed when they end, after the unit tests',
 * so neither is interleaved with the other. The browser suites run whenever the builds succeeded,
 * a unit failure or not, so one run shows everything; the exit code is non-zero if anything failed.
 */
import { outcomeLine, passed, runScript } from './timed-runs';

async function main(): Promise<number> {
  const lint = await runScript('lint');
  if (!passed(lint)) return 1;
  const [unit, builds] = await Promise.all([runScript('test:unit'), runScript('test:builds', { hold: true })]);
  console.log(`\n${builds.name} (beside the unit tests):\n${builds.output}`);
  const browsers = passed(builds) ? await runScript('test:browsers') : null;
  const outcomes = [lint, unit, builds, ...(browsers ? [browsers] : [])];
  const lines = outcomes.map(outcomeLine);
  if (!browsers) lines.push('  npm run test:browsers: not run, for want of the builds');
  console.log(['', 'npm test:', ...lines].join('\n'));
  return outcomes.every(passed) && browsers ? 0 : 1;
}

void main().then((code) => {
  process.exitCode = code;
});
