/**
 * The real `HandbookCloud`: the CDK CLI for the stacks and `docusaurus build` for the site
 * (cdk-cli.ts), and one adapter per AWS service: CloudFormation outputs (aws-stack-outputs.ts), the
 * S3 bucket (aws-build-bucket.ts), CloudFront (aws-cloudfront.ts), Secrets Manager
 * (aws-google-secret.ts), Lambda (edge-version-prune.ts), CloudWatch Logs and alarms (edge-logs.ts,
 * key-drift-alarm.ts). Credentials and region come from the usual AWS environment (profile, SSO or
 * role), as for any AWS CLI.
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { s3BuildBucket } from './aws-build-bucket';
import { distributionEdgeVersions, invalidateAndWait } from './aws-cloudfront';
import { googleSecretContext } from './aws-google-secret';
import { deployedSite, identityOutputsOf, requiredOutputs, siteOutputsOf } from './aws-stack-outputs';
import { buildSite, cdkDeploy } from './cdk-cli';
import { stackNames } from './config';
import type { DeployConfig } from './config';
import type { HandbookCloud } from './cloud-port';
import { localOperator } from './deploy-lock';
import { edgeLogGroupNames, setEdgeLogRetention } from './edge-logs';
import { parseVersionArn, pruneEdgeVersions } from './edge-version-prune';
import { putKeyDriftAlarms } from './key-drift-alarm';

/** An invalidation of `/*` usually completes within minutes; past half an hour something is wrong. */
const INVALIDATION_WAIT_SECONDS = 1800;

export function createAwsCloud(config: DeployConfig): HandbookCloud {
  const names = stackNames(config);
  const region = config.region;
  const cloudFormation = new CloudFormationClient({ region });
  const s3 = new S3Client({ region });
  const cloudFront = new CloudFrontClient({ region: 'us-east-1' });
  // Lambda@Edge functions live in us-east-1, whatever the site stack's region.
  const edgeLambda = new LambdaClient({ region: 'us-east-1' });
  const log = (line: string) => console.log(line);
  /** The operations stack's alarm topic, as this run's deploy of that stack gave it (with `alarmEmail`). */
  let alarmTopicArn: string | undefined;

  /** The context every synth needs: the Google secret's format decides its dynamic reference. */
  let secretContext: Promise<Record<string, string>> | undefined;
  const deploy = async (stackName: string, context: Record<string, string>) => {
    secretContext ??= googleSecretContext(new SecretsManagerClient({ region }), config.googleClientSecretName);
    return cdkDeploy(stackName, { ...(await secretContext), ...context });
  };

  return {
    siteOutputs: () => deployedSite(cloudFormation, names.site),
    async deployIdentity(siteUrl) {
      return identityOutputsOf(await deploy(names.identity, { siteUrl }), region);
    },
    build: buildSite,
    async fetchJwks(uri) {
      const response = await fetch(uri, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`${uri} answered ${response.status}`);
      const jwks = (await response.json()) as Jwks;
      if (!Array.isArray(jwks.keys) || jwks.keys.length === 0) throw new Error(`${uri} holds no keys`);
      return jwks;
    },
    async deploySite(siteUrl, edgeDir, pinned) {
      // CloudFormation finishes a distribution update when CloudFront reports it Deployed, that is
      // once the new function versions are associated everywhere.
      const context = { siteUrl, edgeDir, ...(pinned ? { edgeVersions: JSON.stringify(pinned) } : {}) };
      return siteOutputsOf(await deploy(names.site, context));
    },
    edgeVersions: (distributionId) => distributionEdgeVersions(cloudFront, distributionId),
    async deployOperations(site, edgeDir) {
      const outputs = await deploy(names.operations, {
        siteUrl: site.siteUrl,
        edgeDir,
        distributionId: site.distributionId,
      });
      alarmTopicArn = outputs.AlarmTopicArn;
    },
    async setEdgeLogRetention(site, edgeVersions) {
      const functionName = (arn: string) => parseVersionArn(arn).functionArn.split(':').pop()!;
      const logsIn = (logRegion: string) => new CloudWatchLogsClient({ region: logRegion });
      const result = await setEdgeLogRetention(
        logsIn,
        edgeLogGroupNames([...new Set(Object.values(edgeVersions).map(functionName))], site.distributionId),
        config.edgeLogRegions,
        config.edgeLogRetentionDays,
      );
      log(`Edge log retention ${config.edgeLogRetentionDays} days: ${result.changed.length} log groups set`);
      for (const skipped of result.skipped) log(`  skipped ${skipped}`);
      // PutMetricAlarm replaces the whole alarm: without the topic (the operations stack's deploy
      // failed in this run) the us-east-1 alarm would lose its mail action. Leave the alarms as they
      // are and fail this part instead; the next deploy puts them with the topic.
      if (config.alarmEmail && !alarmTopicArn) {
        throw new Error(
          'The key-drift alarms were left as they were: the operations stack gave no alarm topic in this run (its deploy failed), and putting them now would remove their mail action.',
        );
      }
      const [viewerLogGroup] = edgeLogGroupNames([functionName(edgeVersions['viewer-request'])], site.distributionId);
      const alarms = await putKeyDriftAlarms(logsIn, (alarmRegion) => new CloudWatchClient({ region: alarmRegion }), {
        logGroupName: viewerLogGroup,
        distributionId: site.distributionId,
        regions: config.edgeLogRegions,
        // The alarm mail's topic lives in us-east-1, with the operations stack's other alarms.
        actionsIn: (alarmRegion) => (alarmRegion === 'us-east-1' && alarmTopicArn ? [alarmTopicArn] : []),
      });
      log(`Key-drift alarm (jwks-changed) in ${alarms.regions.length} regions`);
    },
    async pruneEdgeVersions(keep) {
      const result = await pruneEdgeVersions(edgeLambda, keep, config.edgeVersionsKept);
      log(
        `Old edge function versions: ${result.deleted.length} deleted, ${result.replicated.length} still replicated (deleted by a later deploy)`,
      );
    },
    operator: localOperator,
    bucket: (name) => s3BuildBucket(s3, name),
    invalidateAll: (distributionId) =>
      invalidateAndWait(cloudFront, distributionId, ['/*'], `deploy-${Date.now()}`, INVALIDATION_WAIT_SECONDS),
    log,
  };
}

/** The deployed pool's id, for commands that act on it (offboarding). */
export async function deployedUserPoolId(config: DeployConfig): Promise<string> {
  const cloudFormation = new CloudFormationClient({ region: config.region });
  const { UserPoolId } = await requiredOutputs(cloudFormation, stackNames(config).identity, ['UserPoolId']);
  return UserPoolId;
}
