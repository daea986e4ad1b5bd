/**
 * Retention for the edge functions' logs. Lambda@Edge writes a function's logs "to CloudWatch Logs
 * in the AWS Region closest to the location where the function is executed", in the log group
 * `/aws/lambda/us-east-1.<function name>`, and CloudFront writes the functions' validation errors
 * (with the response they refused) to `/aws/cloudfront/LambdaEdge/<distribution id>` ("Amazon
 * CloudWatch metrics and logs for Lambda@Edge"). Both are created on first use with no retention:
 * the stacks, in one or two regions, cannot set it. So every deploy goes through each region where CloudFront may run the functions, creates
 * the group where it does not exist yet (Lambda then writes into it) and sets the retention where
 * it differs. A region that is not enabled for the account is reported and skipped.
 */
import {
  CreateLogGroupCommand,
  DescribeLogGroupsCommand,
  PutRetentionPolicyCommand,
  ResourceAlreadyExistsException,
} from '@aws-sdk/client-cloudwatch-logs';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';

/** CloudWatch Logs takes only these retention periods (PutRetentionPolicy, `retentionInDays`). */
export const LOG_RETENTION_DAYS = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

/** The regions enabled in every account by default: Lambda@Edge runs in regions with a regional edge cache, all among these. */
export const DEFAULT_EDGE_LOG_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
];

/** The log groups the edge writes to in each region where it runs. */
export function edgeLogGroupNames(functionNames: string[], distributionId: string): string[] {
  return [
    ...functionNames.map((name) => `/aws/lambda/us-east-1.${name}`),
    `/aws/cloudfront/LambdaEdge/${distributionId}`,
  ];
}

/**
 * A region the deploy cannot use there, which it reports and skips: an opt-in region the account
 * has not enabled answers with an authentication error; a region an organisation's service control
 * policy denies answers AccessDenied whose message names that policy ("… with an explicit deny in a
 * service control policy" or "… because no service control policy allows …", IAM User Guide,
 * "Troubleshoot access denied error messages"; the one place here an error is told by its message,
 * since AccessDenied alone could be the deploy role's own missing permission, which must fail).
 */
export function isRegionNotEnabled(error: unknown): boolean {
  const { name, message } = error as Error;
  if (/UnrecognizedClient|InvalidClientTokenId|AuthFailure|OptInRequired/.test(name)) return true;
  return /^AccessDenied/.test(name) && /service control polic/i.test(message ?? '');
}

export interface RetentionResult {
  /** `<region> <group>` for each group created or changed. */
  changed: string[];
  /** Regions that could not be reached, with why. */
  skipped: string[];
}

export async function setEdgeLogRetention(
  logsIn: (region: string) => Pick<CloudWatchLogsClient, 'send'>,
  groupNames: string[],
  regions: string[],
  retentionInDays: number,
): Promise<RetentionResult> {
  const result: RetentionResult = { changed: [], skipped: [] };
  for (const region of regions) {
    const logs = logsIn(region);
    try {
      for (const name of groupNames) {
        const { logGroups = [] } = await logs.send(new DescribeLogGroupsCommand({ logGroupNamePrefix: name }));
        const group = logGroups.find((candidate) => candidate.logGroupName === name);
        if (group?.retentionInDays === retentionInDays) continue;
        if (!group) {
          try {
            await logs.send(new CreateLogGroupCommand({ logGroupName: name }));
          } catch (error) {
            // Lambda created it since the look-up.
            if (!(error instanceof ResourceAlreadyExistsException)) throw error;
          }
        }
        await logs.send(new PutRetentionPolicyCommand({ logGroupName: name, retentionInDays }));
        result.changed.push(`${region} ${name}`);
      }
    } catch (error) {
      if (!isRegionNotEnabled(error)) throw error;
      const { name, message } = error as Error;
      result.skipped.push(`${region} (${name}: ${message})`);
    }
  }
  return result;
}
