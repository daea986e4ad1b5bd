/**
 * The previews' AWS adapter (aws-preview-cloud.ts) against stubbed clients (aws-sdk-client-mock):
 * each method's calls and answers, and every call it makes allowed by the preview role
 * (preview-role.ts), whose policy is read from its synthesized template.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient, CreateInvalidationCommand, GetInvalidationCommand } from '@aws-sdk/client-cloudfront';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { describedStack, stackMissing } from './aws-answers';
import { createAwsPreviewCloud } from '../aws-preview-cloud';
import { EXAMPLE_CONFIG_FILE, readDeployConfig } from '../config';
import { CALL_ACTIONS } from '../deploy-permissions';
import { addPreviewRole } from '../preview-role';

const config = { ...readDeployConfig(EXAMPLE_CONFIG_FILE), region: 'eu-west-1' };
const OUTPUTS: Record<string, Record<string, string>> = {
  'Handbook-production-Site': {
    BucketName: 'handbook-production-site-build1a2b3c-4d5e6f',
    DistributionId: 'EDFDVBD6EXAMPLE',
    SiteUrl: 'https://handbook.example-health.com',
    PreviewDistributionId: 'EPREVIEWSEXAMPLE',
    PreviewUrl: 'https://previews.handbook.example-health.com',
  },
  'Handbook-production-Identity': {
    UserPoolId: 'eu-west-1_Ex4mpleP0',
    UserPoolClientId: 'handbookwebclient',
    HostedSignInDomain: 'example-health-handbook.auth.eu-west-1.amazoncognito.com',
  },
};

const cloudFormation = mockClient(CloudFormationClient);
const bucketApi = mockClient(S3Client);
const cloudFront = mockClient(CloudFrontClient);
cloudFormation
  .on(DescribeStacksCommand)
  .callsFake(({ StackName }: { StackName: string }) => describedStack(StackName, OUTPUTS[StackName] ?? {}));
bucketApi
  .on(ListObjectsV2Command)
  .resolves({ Contents: [{ Key: 'previews/pr-7/index.html', ETag: '"0cc175b9c0f1b6a831c399e269772661"' }] });
bucketApi.on(GetObjectCommand).resolves({ Body: { transformToString: async () => '{"build":"b1"}' } as never });
bucketApi.on(PutObjectCommand).resolves({});
bucketApi.on(DeleteObjectsCommand).resolves({});
cloudFront.on(CreateInvalidationCommand).resolves({ Invalidation: { Id: 'I2J0I21PCUYOIK' } as never });
cloudFront
  .on(GetInvalidationCommand)
  .resolves({ Invalidation: { Id: 'I2J0I21PCUYOIK', Status: 'Completed' } as never });

const root = mkdtempSync(path.join(tmpdir(), 'handbook-preview-cloud-'));
after(() => {
  for (const stub of [cloudFormation, bucketApi, cloudFront]) stub.restore();
  rmSync(root, { recursive: true, force: true });
});

/** `Client:Command` of every call a stub saw. */
const callsOf = (name: string, stub: { calls(): { args: unknown[] }[] }) =>
  stub.calls().map((call) => `${name}:${(call.args[0] as object).constructor.name}`);

/** The actions the preview role's policy grants, from its template. */
function previewRoleActions(): Set<string> {
  const stack = new Stack(new App(), 'Site', { env: { account: config.account, region: config.region } });
  addPreviewRole(stack, {
    github: config,
    bucket: new s3.Bucket(stack, 'Build'),
    distributionId: 'EPREVIEWSEXAMPLE',
    stackNames: Object.keys(OUTPUTS),
  });
  const policies = Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy')) as {
    Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } };
  }[];
  return new Set(
    policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement.flatMap((s) => [s.Action].flat())),
  );
}

describe('the previews’ AWS adapter', () => {
  test('reads both stacks’ outputs, uses the bucket, invalidates, and makes only calls the preview role allows', async () => {
    const cloud = createAwsPreviewCloud(config);
    const file = path.join(root, 'index.html');
    writeFileSync(file, 'a');
    const site = await cloud.siteOutputs();
    assert.deepEqual(site, {
      bucketName: OUTPUTS['Handbook-production-Site'].BucketName,
      distributionId: 'EDFDVBD6EXAMPLE',
      siteUrl: 'https://handbook.example-health.com',
      previewDistributionId: 'EPREVIEWSEXAMPLE',
      previewUrl: 'https://previews.handbook.example-health.com',
    });
    const bucket = cloud.bucket(site!.bucketName);
    assert.deepEqual(
      [...(await bucket.list('previews/'))],
      [['previews/pr-7/index.html', '0cc175b9c0f1b6a831c399e269772661']],
    );
    assert.equal(await bucket.read('.gate/deploys/live.json'), '{"build":"b1"}');
    await bucket.upload('previews/pr-7/index.html', file);
    await bucket.write('.gate/previews/pr-7.json', '{}');
    await bucket.remove(['previews/pr-7/old.html']);
    await cloud.invalidate(site!.previewDistributionId!, ['/previews/pr-7/*']);
    assert.deepEqual(cloudFront.commandCalls(CreateInvalidationCommand)[0].args[0].input.InvalidationBatch?.Paths, {
      Quantity: 1,
      Items: ['/previews/pr-7/*'],
    });
    assert.match(
      String(cloudFront.commandCalls(CreateInvalidationCommand)[0].args[0].input.InvalidationBatch?.CallerReference),
      /^preview-\d+$/,
    );
    assert.equal(
      cloudFront.commandCalls(CreateInvalidationCommand)[0].args[0].input.DistributionId,
      'EPREVIEWSEXAMPLE',
    );
    assert.deepEqual(
      bucketApi.calls().map((call) => (call.args[0].input as { Bucket?: string }).Bucket),
      Array(5).fill(site!.bucketName),
    );

    const granted = previewRoleActions();
    const calls = new Set([
      ...callsOf('CloudFormationClient', cloudFormation),
      ...callsOf('S3Client', bucketApi),
      ...callsOf('CloudFrontClient', cloudFront),
    ]);
    assert.equal(calls.size, 7, [...calls].join(', '));
    assert.ok(!('build' in cloud), 'the role-holding command builds nothing: the pull request’s code never runs there');
    for (const call of calls) {
      const actions = CALL_ACTIONS[call];
      assert.ok(actions, `${call} is not mapped to IAM actions in deploy-permissions.ts`);
      for (const action of actions)
        assert.ok(granted.has(action), `${call} needs ${action}, which the preview role lacks`);
    }
  });

  test('before the first production deploy there is no site', async () => {
    cloudFormation.reset();
    cloudFormation.on(DescribeStacksCommand).rejects(stackMissing('Handbook-production-Site'));
    const cloud = createAwsPreviewCloud(config);
    assert.equal(await cloud.siteOutputs(), null);
  });
});
