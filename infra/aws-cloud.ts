/**
 * The real `HandbookCloud`: the CDK CLI for the stacks, the AWS SDK for the bucket, CloudFront and
 * the stacks' outputs, and `docusaurus build` for the site. Credentials and region come from the
 * usual AWS environment (profile, SSO or role), as for any AWS CLI.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  CloudFrontClient,
  CreateInvalidationCommand,
  GetDistributionConfigCommand,
  waitUntilInvalidationCompleted,
} from '@aws-sdk/client-cloudfront';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { LambdaClient } from '@aws-sdk/client-lambda';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { contentType } from 'mime-types';
import { stackNames } from './config';
import type { DeployConfig } from './config';
import type { BucketStore, HandbookCloud, IdentityOutputs, SiteOutputs } from './deploy-flow';
import { localOperator } from './deploy-lock';
import { edgeLogGroupNames, setEdgeLogRetention } from './edge-logs';
import { parseVersionArn, pruneEdgeVersions } from './edge-version-prune';
import { googleSecretJsonField } from './google-secret';
import { putKeyDriftAlarms } from './key-drift-alarm';

const root = path.resolve(__dirname, '..');
const OUTPUTS_FILE = path.join(root, 'dist', 'cdk-outputs.json');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

export function createAwsCloud(config: DeployConfig): HandbookCloud {
  const names = stackNames(config);
  const region = config.region;
  const cloudFormation = new CloudFormationClient({ region });
  const s3 = new S3Client({ region });
  const cloudFront = new CloudFrontClient({ region: 'us-east-1' });
  // Lambda@Edge functions live in us-east-1, whatever the site stack's region.
  const edgeLambda = new LambdaClient({ region: 'us-east-1' });
  const log = (line: string) => console.log(line);
  /** The operations stack's alarm topic, once deployed with `alarmEmail`. */
  let alarmTopicArn: string | undefined;

  async function outputsOf(stackName: string): Promise<Record<string, string> | null> {
    try {
      const { Stacks = [] } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
      return Object.fromEntries((Stacks[0]?.Outputs ?? []).map((output) => [output.OutputKey, output.OutputValue]));
    } catch (error) {
      if (/does not exist/.test((error as Error).message)) return null;
      throw error;
    }
  }

  /** The context every synth needs: the Google secret's format decides its dynamic reference. */
  let googleClientSecretField: string | undefined | null = null;
  async function secretContext(): Promise<Record<string, string>> {
    if (googleClientSecretField === null) {
      const secrets = new SecretsManagerClient({ region });
      const { SecretString = '' } = await secrets.send(
        new GetSecretValueCommand({ SecretId: config.googleClientSecretName }),
      );
      googleClientSecretField = googleSecretJsonField(SecretString, config.googleClientSecretName);
    }
    return googleClientSecretField ? { googleClientSecretField } : {};
  }

  async function cdkDeploy(stackName: string, context: Record<string, string>): Promise<Record<string, string>> {
    context = { ...(await secretContext()), ...context };
    await run(bin('cdk'), [
      'deploy',
      stackName,
      '--require-approval',
      'never',
      '--outputs-file',
      OUTPUTS_FILE,
      ...Object.entries(context).flatMap(([key, value]) => ['--context', `${key}=${value}`]),
    ]);
    return (JSON.parse(readFileSync(OUTPUTS_FILE, 'utf8')) as Record<string, Record<string, string>>)[stackName];
  }

  const siteOutputsOf = (outputs: Record<string, string>): SiteOutputs => ({
    bucketName: outputs.BucketName,
    distributionId: outputs.DistributionId,
    siteUrl: outputs.SiteUrl,
  });

  return {
    async siteOutputs() {
      const outputs = await outputsOf(names.site);
      return outputs?.BucketName ? siteOutputsOf(outputs) : null;
    },
    async deployIdentity(siteUrl): Promise<IdentityOutputs> {
      const outputs = await cdkDeploy(names.identity, { siteUrl });
      return {
        region,
        userPoolId: outputs.UserPoolId,
        userPoolClientId: outputs.UserPoolClientId,
        hostedSignInDomain: outputs.HostedSignInDomain,
      };
    },
    async build(env) {
      await run(bin('docusaurus'), ['build'], { ...process.env, ...env });
      return path.join(root, 'build');
    },
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
      return siteOutputsOf(await cdkDeploy(names.site, context));
    },
    async edgeVersions(distributionId) {
      const { DistributionConfig } = await cloudFront.send(new GetDistributionConfigCommand({ Id: distributionId }));
      const associations = DistributionConfig?.DefaultCacheBehavior?.LambdaFunctionAssociations?.Items ?? [];
      return Object.fromEntries(associations.map((item) => [item.EventType!, item.LambdaFunctionARN!]));
    },
    async deployOperations(site, edgeDir) {
      const outputs = await cdkDeploy(names.operations, {
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
    bucket(name): BucketStore {
      return {
        async list(prefix) {
          const keys = new Map<string, string>();
          let token: string | undefined;
          do {
            const page = await s3.send(
              new ListObjectsV2Command({ Bucket: name, Prefix: prefix, ContinuationToken: token }),
            );
            // With SSE-S3 and single-part uploads the ETag is the content's MD5 (S3, "Checking object integrity").
            for (const object of page.Contents ?? []) keys.set(object.Key!, (object.ETag ?? '').replaceAll('"', ''));
            token = page.NextContinuationToken;
          } while (token);
          return keys;
        },
        async read(key) {
          try {
            const object = await s3.send(new GetObjectCommand({ Bucket: name, Key: key }));
            return (await object.Body?.transformToString('utf-8')) ?? null;
          } catch (error) {
            if (error instanceof NoSuchKey) return null;
            throw error;
          }
        },
        async upload(key, file) {
          await s3.send(
            new PutObjectCommand({
              Bucket: name,
              Key: key,
              Body: readFileSync(file),
              ContentType: contentType(path.extname(file)) || 'application/octet-stream',
            }),
          );
        },
        async write(key, text) {
          await s3.send(new PutObjectCommand({ Bucket: name, Key: key, Body: text, ContentType: 'application/json' }));
        },
        async create(key, text) {
          try {
            const { VersionId = '' } = await s3.send(
              new PutObjectCommand({
                Bucket: name,
                Key: key,
                Body: text,
                ContentType: 'application/json',
                IfNoneMatch: '*',
              }),
            );
            return VersionId;
          } catch (error) {
            // 412 when the key exists; 409 when another conditional write on it is under way (S3, "Conditional writes").
            if (['PreconditionFailed', 'ConditionalRequestConflict'].includes((error as Error).name)) return null;
            throw error;
          }
        },
        async removeVersion(key, versionId) {
          // With a version id, DeleteObject removes that version for good and adds no delete marker.
          await s3.send(new DeleteObjectCommand({ Bucket: name, Key: key, VersionId: versionId }));
        },
        async currentVersion(key) {
          try {
            const { VersionId } = await s3.send(new HeadObjectCommand({ Bucket: name, Key: key }));
            return VersionId ?? null;
          } catch (error) {
            if ((error as Error).name === 'NotFound') return null;
            throw error;
          }
        },
        async versionOf(key, md5) {
          let keyMarker: string | undefined;
          let versionIdMarker: string | undefined;
          do {
            const page = await s3.send(
              new ListObjectVersionsCommand({
                Bucket: name,
                Prefix: key,
                KeyMarker: keyMarker,
                VersionIdMarker: versionIdMarker,
              }),
            );
            // Versions of a key are listed newest first.
            const match = (page.Versions ?? []).find(
              (version) => version.Key === key && (version.ETag ?? '').replaceAll('"', '') === md5,
            );
            if (match?.VersionId) return match.VersionId;
            keyMarker = page.NextKeyMarker;
            versionIdMarker = page.NextVersionIdMarker;
          } while (keyMarker);
          return null;
        },
        async restore(key, versionId) {
          // CopySource is "bucket/key?versionId=…", URL-encoded (CopyObject).
          const source = `${name}/${key.split('/').map(encodeURIComponent).join('/')}?versionId=${encodeURIComponent(versionId)}`;
          await s3.send(new CopyObjectCommand({ Bucket: name, Key: key, CopySource: source }));
        },
        async remove(keys) {
          for (let start = 0; start < keys.length; start += 1000) {
            const batch = keys.slice(start, start + 1000).map((Key) => ({ Key }));
            await s3.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: batch, Quiet: true } }));
          }
        },
      };
    },
    async invalidateAll(distributionId) {
      const { Invalidation } = await cloudFront.send(
        new CreateInvalidationCommand({
          DistributionId: distributionId,
          InvalidationBatch: { CallerReference: `deploy-${Date.now()}`, Paths: { Quantity: 1, Items: ['/*'] } },
        }),
      );
      await waitUntilInvalidationCompleted(
        { client: cloudFront, maxWaitTime: 1800 },
        { DistributionId: distributionId, Id: Invalidation!.Id! },
      );
    },
    log,
  };
}

/** The deployed pool's id, for commands that act on it (offboarding). */
export async function deployedUserPoolId(config: DeployConfig): Promise<string> {
  const cloudFormation = new CloudFormationClient({ region: config.region });
  const { Stacks = [] } = await cloudFormation.send(
    new DescribeStacksCommand({ StackName: stackNames(config).identity }),
  );
  const id = Stacks[0]?.Outputs?.find((output) => output.OutputKey === 'UserPoolId')?.OutputValue;
  if (!id) throw new Error(`${stackNames(config).identity} has no UserPoolId output: deploy it first.`);
  return id;
}
