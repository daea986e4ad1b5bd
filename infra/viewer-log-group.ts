/**
 * The access log's log group: the deployed viewer-request function's, named as Lambda@Edge names
 * it in every region it runs in (`/aws/lambda/us-east-1.<function>`, edge-logs.ts).
 */
import { createAwsCloud } from './aws-cloud';
import type { DeployConfig } from './config';
import { parseVersionArn } from './edge-version-prune';

export async function viewerRequestLogGroup(config: DeployConfig): Promise<string> {
  const cloud = createAwsCloud(config);
  const site = await cloud.siteOutputs();
  if (!site) throw new Error('The site stack is not deployed.');
  const viewer = (await cloud.edgeVersions(site.distributionId))['viewer-request'];
  return `/aws/lambda/us-east-1.${parseVersionArn(viewer).functionArn.split(':').pop()!}`;
}
