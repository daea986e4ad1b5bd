/**
 * `npm run prune-edge-versions`: the deploy's last step on its own (edge-version-prune.ts): deletes
 * old edge function versions, keeping the live build's, the previous build's and the newest
 * `edgeVersionsKept`. Versions still replicated are left for a later run (hours after they stop
 * being used, CloudFront has removed their replicas).
 */
import { createAwsCloud } from './aws-cloud';
import { readDeployConfig } from './config';
import { readLive } from './live-record';

async function main(): Promise<void> {
  const cloud = createAwsCloud(readDeployConfig());
  const site = await cloud.siteOutputs();
  if (!site) throw new Error('The site stack is not deployed.');
  const live = await readLive(cloud.bucket(site.bucketName));
  const keep = [...Object.values(await cloud.edgeVersions(site.distributionId))];
  for (const build of [live, live?.previous]) keep.push(...Object.values(build?.edgeVersions ?? {}));
  await cloud.pruneEdgeVersions([...new Set(keep)]);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
