/**
 * The real `PreviewCloud`: what the preview role may do (infra/preview-role.ts). Read-only on the
 * stacks, the bucket through aws-cloud.ts's store (its calls stay under `previews/` and
 * `.gate/previews/`, plus reading the live record), and CloudFront invalidations.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  CloudFrontClient,
  CreateInvalidationCommand,
  waitUntilInvalidationCompleted,
} from '@aws-sdk/client-cloudfront';
import { createAwsCloud } from './aws-cloud';
import { stackNames } from './config';
import type { DeployConfig } from './config';
import type { PreviewCloud } from './preview-flow';

export function createAwsPreviewCloud(config: DeployConfig): PreviewCloud {
  const cloud = createAwsCloud(config);
  const cloudFront = new CloudFrontClient({ region: 'us-east-1' });
  return {
    siteOutputs: () => cloud.siteOutputs(),
    build: (env) => cloud.build(env),
    bucket: (name) => cloud.bucket(name),
    log: (line) => cloud.log(line),
    async identityOutputs() {
      const cloudFormation = new CloudFormationClient({ region: config.region });
      const { Stacks = [] } = await cloudFormation.send(
        new DescribeStacksCommand({ StackName: stackNames(config).identity }),
      );
      const outputs = Object.fromEntries(
        (Stacks[0]?.Outputs ?? []).map((output) => [output.OutputKey, output.OutputValue]),
      );
      return {
        region: config.region,
        userPoolId: outputs.UserPoolId!,
        userPoolClientId: outputs.UserPoolClientId!,
        hostedSignInDomain: outputs.HostedSignInDomain!,
      };
    },
    async invalidate(distributionId, paths) {
      // Paths start with `/`; a trailing `*` matches every file under it ("Specifying the files to
      // invalidate", CloudFront Developer Guide).
      const { Invalidation } = await cloudFront.send(
        new CreateInvalidationCommand({
          DistributionId: distributionId,
          InvalidationBatch: {
            CallerReference: `preview-${Date.now()}`,
            Paths: { Quantity: paths.length, Items: paths },
          },
        }),
      );
      await waitUntilInvalidationCompleted(
        { client: cloudFront, maxWaitTime: 600 },
        { DistributionId: distributionId, Id: Invalidation!.Id! },
      );
    },
  };
}
