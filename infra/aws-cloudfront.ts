/**
 * The distribution through the CloudFront API: which function versions it runs, and invalidations
 * waited for until CloudFront reports them complete. CloudFront's API is global, served from us-east-1.
 */
import {
  CreateInvalidationCommand,
  GetDistributionConfigCommand,
  waitUntilInvalidationCompleted,
} from '@aws-sdk/client-cloudfront';
import type { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import type { EdgeVersions } from './cloud-port';

/** The default cache behaviour's Lambda@Edge associations: event type → function version ARN. */
export async function distributionEdgeVersions(
  cloudFront: Pick<CloudFrontClient, 'send'>,
  distributionId: string,
): Promise<EdgeVersions> {
  const { DistributionConfig } = await cloudFront.send(new GetDistributionConfigCommand({ Id: distributionId }));
  const associations = DistributionConfig?.DefaultCacheBehavior?.LambdaFunctionAssociations?.Items ?? [];
  return Object.fromEntries(associations.map((item) => [item.EventType!, item.LambdaFunctionARN!]));
}

/**
 * Invalidates `paths` and waits until the invalidation is complete. Paths start with `/`; a trailing
 * `*` matches every file under it ("Specifying the files to invalidate", CloudFront Developer Guide).
 * `callerReference` must differ between invalidations, or CloudFront treats the call as a repeat.
 */
export async function invalidateAndWait(
  cloudFront: CloudFrontClient,
  distributionId: string,
  paths: string[],
  callerReference: string,
  maxWaitSeconds: number,
): Promise<void> {
  const { Invalidation } = await cloudFront.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: callerReference, Paths: { Quantity: paths.length, Items: paths } },
    }),
  );
  if (!Invalidation?.Id) throw new Error(`CloudFront returned no invalidation id for ${distributionId}`);
  await waitUntilInvalidationCompleted(
    { client: cloudFront, maxWaitTime: maxWaitSeconds },
    { DistributionId: distributionId, Id: Invalidation.Id },
  );
}
