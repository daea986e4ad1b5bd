/**
 * Which version of each edge function the distribution runs: the one built from the packaged code,
 * or, for `npm run rollback`, an existing version named by ARN (CloudFront associations name a
 * function version, "Lambda@Edge function associations"). The retained old versions make the
 * second case possible.
 */
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/** `{ "viewer-request": "<version ARN>", … }`, the `edgeVersions` context of a rollback. */
export type PinnedEdgeVersions = Record<string, string>;

export function associatedVersion(
  scope: Construct,
  eventType: string,
  packaged: lambda.IVersion,
  pinned?: PinnedEdgeVersions,
): lambda.IVersion {
  const arn = pinned?.[eventType];
  return arn ? lambda.Version.fromVersionArn(scope, `Pinned-${eventType}`, arn) : packaged;
}
