/**
 * The real `PreviewCloud`: what the preview role may do (infra/preview-role.ts). Read-only on the
 * stacks' outputs, the bucket through the same S3 adapter as the deploy (its calls stay under
 * `previews/` and `.gate/previews/`, plus reading the live record), and invalidations of the
 * previews distribution.
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { S3Client } from '@aws-sdk/client-s3';
import { s3BuildBucket } from './aws-build-bucket';
import { invalidateAndWait } from './aws-cloudfront';
import { deployedSite } from './aws-stack-outputs';
import { stackNames } from './config';
import type { DeployConfig } from './config';
import type { PreviewCloud } from './preview-flow';

/** A preview invalidates its own few paths; they complete well within ten minutes. */
const INVALIDATION_WAIT_SECONDS = 600;

export function createAwsPreviewCloud(config: DeployConfig): PreviewCloud {
  const names = stackNames(config);
  const cloudFormation = new CloudFormationClient({ region: config.region });
  const s3 = new S3Client({ region: config.region });
  const cloudFront = new CloudFrontClient({ region: 'us-east-1' });
  return {
    siteOutputs: () => deployedSite(cloudFormation, names.site),
    bucket: (name) => s3BuildBucket(s3, name),
    log: (line) => console.log(line),
    invalidate: (distributionId, paths) =>
      invalidateAndWait(cloudFront, distributionId, paths, `preview-${Date.now()}`, INVALIDATION_WAIT_SECONDS),
  };
}
