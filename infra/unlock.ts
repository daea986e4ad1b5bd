/**
 * `npm run unlock`: removes the deploy lock a dead run left (deploy-lock.ts), after showing who held
 * it. Only for a run that is really gone: a live one would then interleave with the next.
 */
import { createAwsCloud } from './aws-cloud';
import { readDeployConfig } from './config';
import { LOCK_KEY, releaseLock } from './deploy-lock';

async function main(): Promise<void> {
  const cloud = createAwsCloud(readDeployConfig());
  const site = await cloud.siteOutputs();
  if (!site) throw new Error('The site stack is not deployed: there is no lock.');
  const bucket = cloud.bucket(site.bucketName);
  const holder = await bucket.read(LOCK_KEY);
  if (!holder) {
    console.log('No deploy lock is held.');
    return;
  }
  await releaseLock(bucket);
  console.log(`Removed the deploy lock held by ${holder}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
