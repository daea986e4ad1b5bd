/**
 * `npm run test:all`, what `npm test` runs: the three builds the browser suites use
 * (`npm run test:builds`) beside lint and then the unit tests; then every browser suite
 * (`npm run test:browsers`). Lint keeps about one core of two busy, so the builds take the other
 * instead of minutes of their own afterwards (quiet: lint 1.7 min, the builds 3.5 min, ending
 * two minutes into the unit tests). The builds' output is held and printed when they end, so
 * it is not interleaved with the others'. A lint failure skips the unit tests and the browser
 * suites; the browser suites run whenever lint passed and the builds succeeded, a unit failure or
 * not, so one run shows everything. The exit code is non-zero if anything failed.
 */
import { outcomeLine, passed, runScript } from './timed-runs';

async function main(): Promise<number> {
  const building = runScript('test:builds', { hold: true });
  const lint = await runScript('lint');
  const unit = passed(lint) ? await runScript('test:unit') : null;
  const builds = await building;
  console.log(`\n${builds.name} (beside lint and the unit tests):\n${builds.output}`);
  const browsers = unit && passed(builds) ? await runScript('test:browsers') : null;
  const outcomes = [lint, ...(unit ? [unit] : []), builds, ...(browsers ? [browsers] : [])];
  const lines = outcomes.map(outcomeLine);
  if (!unit) lines.push('  npm run test:unit and npm run test:browsers: not run, for the lint failure');
  else if (!browsers) lines.push('  npm run test:browsers: not run, for want of the builds');
  console.log(['', 'npm test:', ...lines].join('\n'));
  return outcomes.every(passed) && browsers ? 0 : 1;
}

void main().then((code) => {
  process.exitCode = code;
});
