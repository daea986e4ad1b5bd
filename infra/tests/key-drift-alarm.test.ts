/**
 * The key-drift alarm the deploy puts in every region where the edge logs (key-drift-alarm.ts),
 * against CloudWatch and CloudWatch Logs clients faked at the boundary (`send`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PutMetricAlarmCommand } from '@aws-sdk/client-cloudwatch';
import type { PutMetricAlarmCommandInput } from '@aws-sdk/client-cloudwatch';
import { PutMetricFilterCommand } from '@aws-sdk/client-cloudwatch-logs';
import type { PutMetricFilterCommandInput } from '@aws-sdk/client-cloudwatch-logs';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { KEY_DRIFT_FILTER_PATTERN, keyDriftNames, putKeyDriftAlarms } from '../key-drift-alarm';

const GROUP = '/aws/lambda/us-east-1.Handbook-production-Site-ViewerRequestFn-1A2B3C';
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:Handbook-production-Operations-AlarmMail';

/**
 * A regular-expression filter pattern (`%…%`) applied to one stored line, as CloudWatch Logs would:
 * the pattern may use only what "Supported regular expressions (regex) syntax" lists, whose meaning
 * is JavaScript's too.
 */
function matches(pattern: string, line: string): boolean {
  const [, expression] = /^%(.+)%$/.exec(pattern) ?? [];
  assert.ok(expression, `a regular-expression pattern: ${pattern}`);
  assert.match(expression, /^[A-Za-z0-9:_#=@/;,\-^$?[\]{}|\\*+.]+$/, 'only the characters CloudWatch Logs supports');
  return new RegExp(expression).test(line);
}

const { documentedExamples, runtimeLines, edgeLines } = documentedShape<{
  documentedExamples: string[];
  runtimeLines: string[];
  edgeLines: Record<'pageLoadServed' | 'keysChanged', string>;
}>('lambda-node-log-lines');

function fakeClients(disabled: string[] = []) {
  const filters: Record<string, PutMetricFilterCommandInput> = {};
  const alarms: Record<string, PutMetricAlarmCommandInput> = {};
  const refuse = (region: string) => {
    if (disabled.includes(region)) {
      throw Object.assign(new Error('The security token included in the request is invalid.'), {
        name: 'UnrecognizedClientException',
      });
    }
  };
  /** A client of one region that records the input of the one command it expects. */
  const recording =
    <T>(expected: new (...args: never[]) => { input: T }, store: Record<string, T>) =>
    (region: string) => ({
      send: async (command: unknown) => {
        refuse(region);
        assert.ok(command instanceof expected);
        store[region] = command.input;
        return {};
      },
    });
  const logsIn = recording(PutMetricFilterCommand, filters);
  const cloudWatchIn = recording(PutMetricAlarmCommand, alarms);
  return { filters, alarms, logsIn: logsIn as never, cloudWatchIn: cloudWatchIn as never };
}

describe('the key-drift alarm', () => {
  test('a jwks-changed line counts in every region where the edge logs, and alarms there; mail from us-east-1', async () => {
    const { filters, alarms, logsIn, cloudWatchIn } = fakeClients(['ap-northeast-3']);
    const result = await putKeyDriftAlarms(logsIn, cloudWatchIn, {
      logGroupName: GROUP,
      distributionId: 'EDFDVBD6EXAMPLE',
      regions: ['us-east-1', 'eu-west-1', 'ap-northeast-3'],
      actionsIn: (region) => (region === 'us-east-1' ? [TOPIC] : []),
    });
    assert.deepEqual(result.regions, ['us-east-1', 'eu-west-1']);
    assert.match(result.skipped[0], /^ap-northeast-3 \(UnrecognizedClientException/);
    const names = keyDriftNames('EDFDVBD6EXAMPLE');
    for (const region of ['us-east-1', 'eu-west-1']) {
      assert.equal(filters[region].logGroupName, GROUP);
      const [transformation] = filters[region].metricTransformations!;
      assert.equal(transformation.metricName, names.metricName);
      assert.deepEqual(
        [alarms[region].MetricName, alarms[region].Namespace, alarms[region].Statistic, alarms[region].Threshold],
        [names.metricName, transformation.metricNamespace, 'Sum', 1],
      );
      assert.equal(alarms[region].ComparisonOperator, 'GreaterThanOrEqualToThreshold');
      assert.equal(alarms[region].TreatMissingData, 'notBreaching');
    }
    assert.deepEqual(alarms['us-east-1'].AlarmActions, [TOPIC]);
    assert.equal(alarms['eu-west-1'].AlarmActions, undefined);
  });

  test('the filter selects the stored key-drift line, and no access-log line whatever path a visitor asks for', () => {
    assert.equal(matches(KEY_DRIFT_FILTER_PATTERN, edgeLines.keysChanged), true);
    assert.equal(matches(KEY_DRIFT_FILTER_PATTERN, edgeLines.pageLoadServed), false);
    for (const path of [
      '/jwks-changed',
      '/WARN/{"event":"jwks-changed"}',
      '/x%09WARN%09%7B%22event%22:%22jwks-changed',
    ]) {
      assert.equal(
        matches(KEY_DRIFT_FILTER_PATTERN, edgeLines.pageLoadServed.replace('/docs/guide', path)),
        false,
        path,
      );
    }
    for (const line of [...documentedExamples, ...runtimeLines])
      assert.equal(matches(KEY_DRIFT_FILTER_PATTERN, line), false);
  });

  test('any other error stops the deploy step', async () => {
    const { logsIn } = fakeClients();
    const failing = () => ({
      send: async () => {
        throw Object.assign(new Error('User is not authorized to perform: cloudwatch:PutMetricAlarm'), {
          name: 'AccessDenied',
        });
      },
    });
    await assert.rejects(
      putKeyDriftAlarms(logsIn, failing as never, {
        logGroupName: GROUP,
        distributionId: 'E1',
        regions: ['us-east-1'],
        actionsIn: () => [],
      }),
      /not authorized/,
    );
  });
});
