/**
 * `npm run test:browsers`: every browser suite on the builds `npm run test:builds` made: the
 * production build's (`npm run test:e2e`), the dev server's (`npm run test:e2e:dev`) and the
 * second factor's (`npm run test:e2e:mfa:built`, on `build-mfa/`), each even when one before it
 * failed, so one run shows them all (newcomer review 3: a failure in the first hid whether the
 * second passed). Ends with each suite's outcome and time, and exits non-zero if any failed.
 */
import { outcomeLine, passed, runScript } from './timed-runs';
import type { Outcome } from './timed-runs';

async function main(): Promise<boolean> {
  const outcomes: Outcome[] = [];
  for (const suite of ['test:e2e', 'test:e2e:dev', 'test:e2e:mfa:built']) outcomes.push(await runScript(suite));
  console.log(['', 'Browser suites:', ...outcomes.map(outcomeLine)].join('\n'));
  return outcomes.every(passed);
}

void main().then((allPassed) => {
  process.exitCode = allPassed ? 0 : 1;
});
