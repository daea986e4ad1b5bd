/**
 * `npm run test:browsers`: every browser suite, the production build's (`npm run test:e2e`), the
 * dev server's (`npm run test:e2e:dev`) and the second factor's (`npm run test:e2e:mfa`, its own
 * build), each even when one before it failed, so one run shows them all (newcomer review 3: a
 * failure in the first hid whether the second passed). Ends with each suite's outcome and time,
 * and exits non-zero if any failed.
 */
import { spawnSync } from 'node:child_process';

const suites = ['test:e2e', 'test:e2e:dev', 'test:e2e:mfa'] as const;

const outcomes = suites.map((script) => {
  const started = performance.now();
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  return {
    script,
    passed: run.status === 0,
    line: `npm run ${script}: ${run.status === 0 ? 'passed' : `FAILED (exit ${run.status ?? run.signal})`} in ${minutes} min`,
  };
});

console.log(['', 'Browser suites:', ...outcomes.map((outcome) => `  ${outcome.line}`)].join('\n'));
process.exitCode = outcomes.every((outcome) => outcome.passed) ? 0 : 1;
