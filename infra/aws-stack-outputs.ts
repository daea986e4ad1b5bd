/**
 * The stacks' outputs through the CloudFormation API: the site's bucket, distribution and URL, the
 * pool's ids. A stack that does not exist yet is `null`, not an error (the first deploy).
 */
import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import type { IdentityOutputs, SiteOutputs } from './cloud-port';

type Client = Pick<CloudFormationClient, 'send'>;
export type StackOutputs = Record<string, string>;

/**
 * DescribeStacks answers a stack that does not exist with the error code `ValidationError` (HTTP 400,
 * "Stack with id … does not exist"; AWS confirmed it in boto/boto3#2807): its only error for a valid
 * stack name, and ours are valid (config.ts). Access and throttling errors have other names.
 */
export async function stackOutputs(cloudFormation: Client, stackName: string): Promise<StackOutputs | null> {
  try {
    const { Stacks = [] } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
    if (!Stacks[0]) return null;
    return Object.fromEntries((Stacks[0].Outputs ?? []).map((output) => [output.OutputKey!, output.OutputValue ?? '']));
  } catch (error) {
    if ((error as Error).name === 'ValidationError') return null;
    throw error;
  }
}

/** The outputs named in `keys`, or an error naming the first one missing. */
export async function requiredOutputs<Key extends string>(
  cloudFormation: Client,
  stackName: string,
  keys: readonly Key[],
): Promise<Record<Key, string>> {
  const outputs = await stackOutputs(cloudFormation, stackName);
  const missing = keys.find((key) => !outputs?.[key]);
  if (missing) throw new Error(`${stackName} has no ${missing} output: deploy it first.`);
  return outputs as Record<Key, string>;
}

export const siteOutputsOf = (outputs: StackOutputs): SiteOutputs => ({
  bucketName: outputs.BucketName,
  distributionId: outputs.DistributionId,
  siteUrl: outputs.SiteUrl,
  ...(outputs.PreviewDistributionId
    ? { previewDistributionId: outputs.PreviewDistributionId, previewUrl: outputs.PreviewUrl }
    : {}),
});

/** The site stack's outputs, or null before its first deploy. */
export async function deployedSite(cloudFormation: Client, stackName: string): Promise<SiteOutputs | null> {
  const outputs = await stackOutputs(cloudFormation, stackName);
  return outputs?.BucketName ? siteOutputsOf(outputs) : null;
}

export const IDENTITY_OUTPUTS = ['UserPoolId', 'UserPoolClientId', 'HostedSignInDomain'] as const;

export const identityOutputsOf = (outputs: StackOutputs, region: string): IdentityOutputs => ({
  region,
  userPoolId: outputs.UserPoolId,
  userPoolClientId: outputs.UserPoolClientId,
  hostedSignInDomain: outputs.HostedSignInDomain,
});
