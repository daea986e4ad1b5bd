/**
 * An alarm when the edge meets signing keys it was not shipped with. The viewer-request function
 * warns `{"event":"jwks-changed",…}` once per container when the pool's live keys differ from the
 * packaged ones (gate/session.ts); the cure is a deploy. Lambda@Edge writes that line in the region
 * that ran the function (edge-logs.ts), and a metric filter publishes to CloudWatch in its own
 * region, so every region of `edgeLogRegions` gets the filter and an alarm on its metric, as the
 * retention does. A metric filter publishes nothing when no line matches, so missing data is "not
 * breaching".
 *
 * The line is stored in Lambda's text format, `time⇥request id⇥WARN⇥{"event":"jwks-changed",…}`
 * (core/lambda-log-line.ts), which is not JSON, so a JSON pattern cannot select it. A regular expression
 * anchored at the line's start does ("Filter pattern syntax for metric filters, subscription filters,
 * filter log events, and Live Tail", CloudWatch Logs, "Supported regular expressions": `%…%`, only
 * letters, digits, `:_#=@/;,-` and the operators `^$?[]{}|\*+.`; no quote, so `.` stands for one).
 * A word anywhere in the line would not do: a page-load line carries the path a visitor asked for,
 * and anyone could ask for `/jwks-changed`.
 */
import { PutMetricAlarmCommand } from '@aws-sdk/client-cloudwatch';
import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { PutMetricFilterCommand } from '@aws-sdk/client-cloudwatch-logs';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { isRegionNotEnabled } from './edge-logs';

export const KEY_DRIFT_FILTER_PATTERN = '%^[0-9T:.Z-]+.[0-9a-f-]+.WARN.\\{.event.:.jwks-changed.%';
export const KEY_DRIFT_NAMESPACE = 'EngineeringHandbook';

/** The metric and alarm of one distribution's key drift, the same name in every region. */
export function keyDriftNames(distributionId: string) {
  return {
    filterName: 'handbook-jwks-changed',
    metricName: `JwksChanged-${distributionId}`,
    alarmName: `Handbook-${distributionId}-KeyDrift`,
  };
}

export interface KeyDriftAlarmOptions {
  /** The viewer-request function's log group, `/aws/lambda/us-east-1.<function>`. */
  logGroupName: string;
  distributionId: string;
  regions: string[];
  /** SNS topics per region the alarm notifies (the operations stack's topic is in us-east-1). */
  actionsIn: (region: string) => string[];
}

export async function putKeyDriftAlarms(
  logsIn: (region: string) => Pick<CloudWatchLogsClient, 'send'>,
  cloudWatchIn: (region: string) => Pick<CloudWatchClient, 'send'>,
  options: KeyDriftAlarmOptions,
): Promise<{ regions: string[]; skipped: string[] }> {
  const names = keyDriftNames(options.distributionId);
  const result = { regions: [] as string[], skipped: [] as string[] };
  for (const region of options.regions) {
    try {
      await logsIn(region).send(
        new PutMetricFilterCommand({
          logGroupName: options.logGroupName,
          filterName: names.filterName,
          filterPattern: KEY_DRIFT_FILTER_PATTERN,
          metricTransformations: [
            { metricName: names.metricName, metricNamespace: KEY_DRIFT_NAMESPACE, metricValue: '1' },
          ],
        }),
      );
      const actions = options.actionsIn(region);
      await cloudWatchIn(region).send(
        new PutMetricAlarmCommand({
          AlarmName: names.alarmName,
          AlarmDescription: `The edge in ${region} met signing keys it was not shipped with (jwks-changed): run npm run deploy to ship the pool's live keys.`,
          Namespace: KEY_DRIFT_NAMESPACE,
          MetricName: names.metricName,
          Statistic: 'Sum',
          Period: 300,
          EvaluationPeriods: 1,
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
          ...(actions.length ? { AlarmActions: actions } : {}),
        }),
      );
      result.regions.push(region);
    } catch (error) {
      if (!isRegionNotEnabled(error)) throw error;
      const { name, message } = error as Error;
      result.skipped.push(`${region} (${name}: ${message})`);
    }
  }
  return result;
}
