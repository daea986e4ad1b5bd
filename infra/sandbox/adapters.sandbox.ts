/**
 * The adapters and the documented shapes against a sandbox account (`npm run test:aws`): each
 * answer AWS gives here must have the fields the fixture of testkit/documented-shapes/ holds, so a
 * fixture (and so the fakes built from it) that drifted from AWS fails here.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { CloudWatchLogsClient, FilterLogEventsCommand } from '@aws-sdk/client-cloudwatch-logs';
import {
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { S3Client } from '@aws-sdk/client-s3';
import { parseLambdaLogLine } from '../../core/lambda-log-line';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { whoRead } from '../access-log-query';
import { s3BuildBucket } from '../aws-build-bucket';
import { distributionEdgeVersions } from '../aws-cloudfront';
import { deployedSite, requiredOutputs } from '../aws-stack-outputs';
import { readDeployConfig, stackNames } from '../config';
import { allAccounts } from '../reader-accounts';
import { viewerRequestLogGroup } from '../viewer-log-group';

const config = readDeployConfig();
const names = stackNames(config);
const cloudFormation = new CloudFormationClient({ region: config.region });

/** Every field the documented example has is in AWS's answer, with the same JSON type. */
function hasDocumentedFields(actual: Record<string, unknown>, documented: Record<string, unknown>, what: string) {
  for (const [field, value] of Object.entries(documented)) {
    assert.ok(field in actual, `${what}: AWS's answer has no ${field}, which the fixture has`);
    const kind = (item: unknown) => (item instanceof Date ? 'number' : Array.isArray(item) ? 'array' : typeof item);
    assert.equal(kind(actual[field]), kind(value), `${what}.${field}`);
  }
}

test('S3: a write, a read, a listing and a quiet DeleteObjects as the adapter expects them', async () => {
  const site = await deployedSite(cloudFormation, names.site);
  assert.ok(site, `${names.site} is deployed`);
  const bucket = s3BuildBucket(new S3Client({ region: config.region }), site.bucketName);
  const key = `.gate/sandbox-checks/${Date.now()}.json`;
  await bucket.write(key, '{"check":true}');
  assert.equal(await bucket.read(key), '{"check":true}');
  assert.ok((await bucket.list('.gate/sandbox-checks/')).has(key));
  await bucket.remove([key]);
  assert.equal(await bucket.read(key), null);
});

test('CloudFront: the distribution names both edge functions by version ARN', async () => {
  const site = (await deployedSite(cloudFormation, names.site))!;
  const versions = await distributionEdgeVersions(new CloudFrontClient({ region: 'us-east-1' }), site.distributionId);
  for (const eventType of ['viewer-request', 'origin-response']) {
    assert.match(versions[eventType] ?? '', /^arn:aws:lambda:us-east-1:\d{12}:function:.+:\d+$/, eventType);
  }
});

test('Cognito: ListUsers and ListUsersInGroup answer with the fixture’s fields, and the paginator reads the pool', async () => {
  const { UserPoolId } = await requiredOutputs(cloudFormation, names.identity, ['UserPoolId']);
  const client = new CognitoIdentityProviderClient({ region: config.region });
  const shapes = documentedShape<{ listUsers: { Users: Record<string, unknown>[] }[] }>('cognito-list-users');
  const page = await client.send(new ListUsersCommand({ UserPoolId, Limit: 1 }));
  assert.ok(page.Users?.length, 'the sandbox pool holds at least one user');
  hasDocumentedFields(page.Users[0] as Record<string, unknown>, shapes.listUsers[0].Users[0], 'ListUsers.Users[0]');
  const group = await client.send(new ListUsersInGroupCommand({ UserPoolId, GroupName: config.readerGroup, Limit: 1 }));
  assert.ok(Array.isArray(group.Users));
  const everyone = await allAccounts({
    client,
    userPoolId: UserPoolId,
    readerGroup: config.readerGroup,
    allowedEmailDomains: [],
  });
  assert.ok(everyone.length >= 1);
});

test('CloudWatch Logs: the edge’s stored lines are Lambda’s text format, read whole by the access-log reader', async () => {
  const groupName = await viewerRequestLogGroup(config);
  const until = new Date();
  const since = new Date(until.getTime() - 7 * 86_400_000);
  const logs = new CloudWatchLogsClient({ region: 'us-east-1' });
  const { events = [] } = await logs.send(
    new FilterLogEventsCommand({
      logGroupName: groupName,
      startTime: since.getTime(),
      limit: 20,
      filterPattern: '"page-load"',
    }),
  );
  for (const event of events) assert.ok(parseLambdaLogLine(event.message ?? ''), `a stored line: ${event.message}`);
  const { unreadable } = await whoRead(() => logs, { groupName, regions: ['us-east-1'], since, until });
  assert.deepEqual(unreadable, { count: 0, examples: [] });
});

test('the gate at the edge: a signed-out page load goes to sign in; the sign-in page is public', async () => {
  const site = (await deployedSite(cloudFormation, names.site))!;
  const page = await fetch(`${site.siteUrl}/`, { redirect: 'manual', headers: { accept: 'text/html' } });
  assert.equal(page.status, 302);
  assert.match(page.headers.get('location') ?? '', /\/sign-in/);
  const signIn = await fetch(`${site.siteUrl}/sign-in`, { redirect: 'manual', headers: { accept: 'text/html' } });
  assert.equal(signIn.status, 200);
});
