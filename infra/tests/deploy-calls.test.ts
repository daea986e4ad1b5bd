/**
 * Every AWS call `npm run deploy` and `npm run rollback` make goes through the real cloud adapter
 * (aws-cloud.ts). Here each of its methods runs against recording SDK clients (each client class's
 * `send`, answering with the shapes the SDK documents) and a recording `spawn` for the CDK CLI and
 * the build; every call must be mapped to IAM actions in deploy-permissions.ts, and every action
 * must be granted by one of its statements. A new call the list lacks fails here.
 */
import assert from 'node:assert/strict';
import childProcess from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createAwsCloud } from '../aws-cloud';
import { EXAMPLE_CONFIG_FILE, readDeployConfig } from '../config';
import { CALL_ACTIONS, DEPLOY_STATEMENTS } from '../deploy-permissions';

const config = { ...readDeployConfig(EXAMPLE_CONFIG_FILE), edgeLogRegions: ['us-east-1', 'eu-west-1'] };
const VIEWER = 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-ViewerRequestFn-1A2B3C:3';
const ORIGIN = 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-OriginResponseFn-4D5E6F:3';
const STACK_OUTPUTS = {
  BucketName: 'handbook-production-site-build1a2b3c-4d5e6f',
  DistributionId: 'EDFDVBD6EXAMPLE',
  SiteUrl: 'https://handbook.example-health.com',
  UserPoolId: 'us-east-1_Ex4mpleP0',
  UserPoolClientId: 'handbookwebclient',
  HostedSignInDomain: 'example-health-handbook.auth.us-east-1.amazoncognito.com',
};

/** What each command answers, in the shape its SDK output documents. */
function answer(command: string, input: Record<string, unknown>): unknown {
  switch (command) {
    case 'DescribeStacksCommand':
      return {
        Stacks: [
          { Outputs: Object.entries(STACK_OUTPUTS).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })) },
        ],
      };
    case 'GetSecretValueCommand':
      return { SecretString: 'GOCSPX-plain' };
    case 'GetDistributionConfigCommand':
      return {
        DistributionConfig: {
          DefaultCacheBehavior: {
            LambdaFunctionAssociations: {
              Items: [
                { EventType: 'viewer-request', LambdaFunctionARN: VIEWER },
                { EventType: 'origin-response', LambdaFunctionARN: ORIGIN },
              ],
            },
          },
        },
      };
    case 'CreateInvalidationCommand':
      return { Invalidation: { Id: 'I2J0I21PCUYOIK', Status: 'InProgress' } };
    case 'GetInvalidationCommand':
      return { Invalidation: { Id: input.Id, Status: 'Completed' } };
    case 'ListObjectsV2Command':
      return { Contents: [{ Key: 'index.html', ETag: '"0cc175b9c0f1b6a831c399e269772661"' }] };
    case 'GetObjectCommand':
      return { Body: { transformToString: async () => '{"by":"ci@runner"}' } };
    case 'PutObjectCommand':
      return { VersionId: 'v2' };
    case 'HeadObjectCommand':
      return { VersionId: 'v2' };
    case 'ListObjectVersionsCommand':
      return { Versions: [{ Key: input.Prefix, ETag: '"0cc175b9c0f1b6a831c399e269772661"', VersionId: 'v1' }] };
    case 'DescribeLogGroupsCommand':
      return { logGroups: [] };
    case 'ListVersionsByFunctionCommand':
      return {
        Versions: ['$LATEST', '1', '2', '3'].map((Version) => ({
          Version,
          FunctionArn: `${String(input.FunctionName)}:${Version}`,
        })),
      };
    default:
      return {};
  }
}

const CLIENTS = [
  CloudFormationClient,
  CloudFrontClient,
  CloudWatchClient,
  CloudWatchLogsClient,
  LambdaClient,
  S3Client,
  SecretsManagerClient,
];

const calls = new Set<string>();
let root: string;
const restore: (() => void)[] = [];

before(() => {
  root = mkdtempSync(path.join(tmpdir(), 'handbook-calls-'));
  for (const Client of CLIENTS) {
    const prototype = Client.prototype as unknown as { send: unknown };
    const original = prototype.send;
    prototype.send = async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      calls.add(`${Client.name}:${command.constructor.name}`);
      return answer(command.constructor.name, command.input);
    };
    restore.push(() => (prototype.send = original));
  }
  const spawn = childProcess.spawn;
  // The CDK CLI and the build: recorded, and answered as they would (`cdk deploy --outputs-file`).
  childProcess.spawn = ((command: string, args: string[]) => {
    calls.add(`cli:${path.basename(command)} ${args[0]}`);
    const outputsFile = args[args.indexOf('--outputs-file') + 1];
    if (args[0] === 'deploy') {
      mkdirSync(path.dirname(outputsFile), { recursive: true });
      writeFileSync(outputsFile, JSON.stringify({ [args[1]]: STACK_OUTPUTS }));
    }
    const child = new EventEmitter();
    setImmediate(() => child.emit('exit', 0));
    return child;
  }) as unknown as typeof childProcess.spawn;
  restore.push(() => (childProcess.spawn = spawn));
});
after(() => {
  restore.forEach((undo) => undo());
  rmSync(root, { recursive: true, force: true });
});

describe('the deploy role’s permissions', () => {
  test('grant every call the real adapter makes, method by method', async () => {
    const cloud = createAwsCloud(config);
    const site = (await cloud.siteOutputs())!;
    const bucket = cloud.bucket(site.bucketName);
    const file = path.join(root, 'index.html');
    writeFileSync(file, 'a');
    const edgeVersions = { 'viewer-request': VIEWER, 'origin-response': ORIGIN };
    const exercised: Record<string, () => Promise<unknown>> = {
      siteOutputs: () => cloud.siteOutputs(),
      deployIdentity: () => cloud.deployIdentity(site.siteUrl),
      build: () => cloud.build({}),
      fetchJwks: async () => 'the pool’s public JWKS over https: no AWS credentials',
      deploySite: () => cloud.deploySite(site.siteUrl, root, edgeVersions),
      edgeVersions: () => cloud.edgeVersions(site.distributionId),
      deployOperations: () => cloud.deployOperations(site, root),
      setEdgeLogRetention: () => cloud.setEdgeLogRetention(site, edgeVersions),
      pruneEdgeVersions: () => cloud.pruneEdgeVersions([VIEWER, ORIGIN]),
      invalidateAll: () => cloud.invalidateAll(site.distributionId),
      bucket: async () => {
        const methods: Record<string, () => Promise<unknown>> = {
          list: () => bucket.list(),
          read: () => bucket.read('.gate/deploys/live.json'),
          upload: () => bucket.upload('index.html', file),
          write: () => bucket.write('.gate/deploys/live.json', '{}'),
          create: () => bucket.create('.gate/deploys/lock', '{}'),
          remove: () => bucket.remove(['docs/gone.html']),
          removeVersion: () => bucket.removeVersion('.gate/deploys/lock', 'v2'),
          currentVersion: () => bucket.currentVersion('.gate/deploys/lock'),
          versionOf: () => bucket.versionOf('index.html', '0cc175b9c0f1b6a831c399e269772661'),
          restore: () => bucket.restore('index.html', 'v1'),
        };
        assert.deepEqual(Object.keys(bucket).sort(), Object.keys(methods).sort(), 'every bucket method is run here');
        for (const run of Object.values(methods)) await run();
      },
      log: async () => {},
      operator: async () => {},
    };
    assert.deepEqual(Object.keys(cloud).sort(), Object.keys(exercised).sort(), 'every adapter method is run here');
    for (const run of Object.values(exercised)) await run();

    const granted = new Set(DEPLOY_STATEMENTS.flatMap((statement) => statement.actions));
    for (const call of calls) {
      const actions = CALL_ACTIONS[call];
      assert.ok(actions, `the deploy calls ${call}, which deploy-permissions.ts does not map to IAM actions`);
      for (const action of actions)
        assert.ok(granted.has(action), `${call} needs ${action}, which no statement grants`);
    }
    for (const needed of ['CloudFrontClient:GetInvalidationCommand', 'S3Client:CopyObjectCommand', 'cli:cdk deploy']) {
      assert.ok(calls.has(needed), `${needed} was seen`);
    }
  });

  test('grant nothing the adapter does not call', () => {
    const used = new Set(Object.values(CALL_ACTIONS).flat());
    const unused = DEPLOY_STATEMENTS.flatMap((statement) => statement.actions).filter((action) => !used.has(action));
    assert.deepEqual(unused, []);
  });
});
