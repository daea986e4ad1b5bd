/**
 * `npm run test:browsers`: every browser suite on the builds `npm run test:builds` made: the
 * production build's (`npm run test:e2e`), the dev server's (`npm run test:e2e:dev`) and the
 * second factor's (the suite of `npm run test:e2e:mfa`, on `build-mfa/`), each even when one before
 * it failed, so one run shows them all (newcomer review 3: a failure in the first hid whether the
 * second passed). Ends with each suite's outcome and time, and exits non-zero if any failed.
 */
import { spawnSync } from 'node:child_process';

const suites = [
  ['npm', 'run', 'test:e2e'],
  ['npm', 'run', 'test:e2e:dev'],
  ['npx', 'playwright', 'test', '-c', 'playwright.mfa.config.ts'],
] as const;

const outcomes = suites.map(([command, ...args]) => {
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  return {
    passed: run.status === 0,
    line: `${[command, ...args].join(' ')}: ${run.status === 0 ? 'passed' : `FAILED (exit ${run.status ?? run.signal})`} in ${minutes} min`,
  };
});

console.log(['', 'Browser suites:', ...outcomes.map((outcome) => `  ${outcome.line}`)].join('\n'));
process.exitCode = outcomes.every((outcome) => outcome.passed) ? 0 : 1;
