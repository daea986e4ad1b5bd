/**
 * `npm run deploy`: the identity stack, the build for it, the edge functions, the site stack and the
 * files, in the order that never breaks a reader (deploy-flow.ts), one deploy at a time
 * (deploy-lock.ts), then the access log, alarms, log retention and old versions. Prints the
 * handbook's URL, and on GitHub Actions writes the run's summary (run-summary.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAwsCloud } from './aws-cloud';
import { readDeployConfig } from './config';
import { ACCEPT_TLS_1_0_FLAG, deployHandbook } from './deploy-flow';
import { deploySummary, failureSummary, writeStepSummary } from './run-summary';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { [ACCEPT_TLS_1_0_FLAG.slice(2)]: { type: 'boolean' } } });
  const startedAt = new Date();
  try {
    const config = readDeployConfig();
    const result = await deployHandbook(createAwsCloud(config), config, path.resolve('dist/edge'), {
      acceptTls10: values[ACCEPT_TLS_1_0_FLAG.slice(2)] === true,
    });
    console.log(`The handbook is at ${result.url}`);
    writeStepSummary(deploySummary(result, { startedAt, finishedAt: new Date() }));
  } catch (error) {
    writeStepSummary(failureSummary('deploy', error, { startedAt, finishedAt: new Date() }));
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
