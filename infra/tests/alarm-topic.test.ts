/**
 * The key-drift alarm keeps its mail action: when the deploy config asks for alarm mail but the
 * operations stack gave no topic in this run, the real cloud adapter (aws-cloud.ts) leaves the
 * alarms as they were rather than put them without the action (PutMetricAlarm replaces an alarm
 * whole: "this operation overwrites the previous configuration", CloudWatch API Reference).
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { CloudWatchClient, PutMetricAlarmCommand } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient, DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs';
import { mockClient } from 'aws-sdk-client-mock';
import { createAwsCloud } from '../aws-cloud';
import { EXAMPLE_CONFIG_FILE, readDeployConfig } from '../config';

const cloudWatch = mockClient(CloudWatchClient);
const logs = mockClient(CloudWatchLogsClient);
afterEach(() => {
  cloudWatch.reset();
  logs.reset();
});

const VIEWER = 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-ViewerRequestFn-1A2B3C:3';
const ORIGIN = 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-OriginResponseFn-4D5E6F:3';
const site = { bucketName: 'b', distributionId: 'E1A2B3C4D5E6F7', siteUrl: 'https://handbook.example-health.com' };

test('with alarmEmail and no topic from this run, no alarm is put without its action', async () => {
  const config = {
    ...readDeployConfig(EXAMPLE_CONFIG_FILE),
    edgeLogRegions: ['us-east-1'],
    alarmEmail: 'ops@example-health.com',
  };
  logs.on(DescribeLogGroupsCommand).resolves({ logGroups: [] });
  logs.resolves({});
  cloudWatch.resolves({});
  const cloud = createAwsCloud(config);
  await assert.rejects(
    cloud.setEdgeLogRetention(site, { 'viewer-request': VIEWER, 'origin-response': ORIGIN }),
    /left as they were: the operations stack gave no alarm topic in this run/,
  );
  assert.equal(cloudWatch.commandCalls(PutMetricAlarmCommand).length, 0);
});

test('without alarmEmail the alarms are put, with no action to lose', async () => {
  const config = { ...readDeployConfig(EXAMPLE_CONFIG_FILE), edgeLogRegions: ['us-east-1'], alarmEmail: undefined };
  logs.on(DescribeLogGroupsCommand).resolves({ logGroups: [] });
  logs.resolves({});
  cloudWatch.resolves({});
  const cloud = createAwsCloud(config);
  await cloud.setEdgeLogRetention(site, { 'viewer-request': VIEWER, 'origin-response': ORIGIN });
  assert.equal(cloudWatch.commandCalls(PutMetricAlarmCommand).length, 1);
});
