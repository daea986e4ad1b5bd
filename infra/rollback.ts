/**
 * `npm run rollback`: the previous live build and its edge function versions back, in one step
 * (rollback-flow.ts). Run it again to return to the build rolled back from.
 */
import path from 'node:path';
import { createAwsCloud } from './aws-cloud';
import { readDeployConfig } from './config';
import { rollbackHandbook } from './rollback-flow';
import { failureSummary, rollbackSummary, writeStepSummary } from './run-summary';

async function main(): Promise<void> {
  const startedAt = new Date();
  try {
    const config = readDeployConfig();
    const url = await rollbackHandbook(createAwsCloud(config), path.resolve('dist/edge-rollback'));
    console.log(`Rolled back: the handbook at ${url} serves the previous build.`);
    writeStepSummary(rollbackSummary(url, { startedAt, finishedAt: new Date() }));
  } catch (error) {
    writeStepSummary(failureSummary('rollback', error, { startedAt, finishedAt: new Date() }));
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
