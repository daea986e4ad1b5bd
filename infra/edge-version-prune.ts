/**
 * Old Lambda@Edge versions: CloudFormation retains them (site-stack.ts), because a version that
 * CloudFront has replicated cannot be deleted until its replicas are gone, "typically within a few
 * hours" after no distribution uses it ("Delete Lambda@Edge functions and replicas"). This step
 * deletes the versions no one needs, keeping the ones the distribution runs, the previous build's
 * (a rollback's target) and the newest few; Lambda answers a still-replicated version with
 * `InvalidParameterValueException` ("Lambda was unable to delete … because it is a replicated
 * function"), which only means "later": the next deploy tries again.
 */
import { DeleteFunctionCommand, ListVersionsByFunctionCommand } from '@aws-sdk/client-lambda';
import type { LambdaClient } from '@aws-sdk/client-lambda';

/** `arn:aws:lambda:us-east-1:<account>:function:<name>:<version>` → its function and version. */
export function parseVersionArn(arn: string): { functionArn: string; version: string } {
  const match = /^(arn:[\w-]+:lambda:[\w-]+:\d{12}:function:[\w-]+):(\d+)$/.exec(arn);
  if (!match) throw new Error(`Not a Lambda function version ARN: ${arn}`);
  return { functionArn: match[1], version: match[2] };
}

export interface PruneResult {
  deleted: string[];
  /** Still replicated at the edge: deleted by a later run. */
  replicated: string[];
}

const isReplicated = (error: unknown) =>
  (error as Error).name === 'InvalidParameterValueException' && /replicated function/i.test((error as Error).message);

/**
 * @param keep version ARNs that must stay (live and rollback target); their functions are pruned
 * @param newest how many of the newest numbered versions of each function also stay
 */
export async function pruneEdgeVersions(
  lambda: Pick<LambdaClient, 'send'>,
  keep: string[],
  newest: number,
): Promise<PruneResult> {
  const kept = new Set(keep);
  const functions = [...new Set(keep.map((arn) => parseVersionArn(arn).functionArn))];
  const result: PruneResult = { deleted: [], replicated: [] };
  for (const functionArn of functions) {
    const versions: string[] = [];
    let marker: string | undefined;
    do {
      const page = await lambda.send(new ListVersionsByFunctionCommand({ FunctionName: functionArn, Marker: marker }));
      for (const { Version } of page.Versions ?? []) if (Version && /^\d+$/.test(Version)) versions.push(Version);
      marker = page.NextMarker;
    } while (marker);
    const byAge = versions.sort((a, b) => Number(b) - Number(a));
    const doomed = byAge.slice(newest).filter((version) => !kept.has(`${functionArn}:${version}`));
    for (const version of doomed) {
      const arn = `${functionArn}:${version}`;
      try {
        await lambda.send(new DeleteFunctionCommand({ FunctionName: functionArn, Qualifier: version }));
        result.deleted.push(arn);
      } catch (error) {
        if (!isReplicated(error)) throw error;
        result.replicated.push(arn);
      }
    }
  }
  return result;
}
