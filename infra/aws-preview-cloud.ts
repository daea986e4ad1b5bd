/**
 * The real `PreviewCloud`: what the preview role may do (infra/preview-role.ts). Read-only on the
 * stacks' outputs, the bucket through the same S3 adapter as the deploy (its calls stay under
 * `previews/` and `.gate/previews/`, plus reading the live record), and CloudFront invalidations.
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { S3Client } from '@aws-sdk/client-s3';
import { s3BuildBucket } from './aws-build-bucket';
import { invalidateAndWait } from './aws-cloudfront';
import { deployedSite, IDENTITY_OUTPUTS, identityOutputsOf, requiredOutputs } from './aws-stack-outputs';
import { buildSite } from './cdk-cli';
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
    build: buildSite,
    bucket: (name) => s3BuildBucket(s3, name),
    log: (line) => console.log(line),
    async identityOutputs() {
      return identityOutputsOf(await requiredOutputs(cloudFormation, names.identity, IDENTITY_OUTPUTS), config.region);
    },
    invalidate: (distributionId, paths) =>
      invalidateAndWait(cloudFront, distributionId, paths, `preview-${Date.now()}`, INVALIDATION_WAIT_SECONDS),
  };
}
