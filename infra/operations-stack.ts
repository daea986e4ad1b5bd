/**
 * What operators watch, in us-east-1 whatever the site's region: the distribution's access log
 * (access-log-delivery.ts) and its alarms. CloudFront publishes its metrics
 * there only ("To get CloudFront metrics from the CloudWatch API, you must use the US East (N.
 * Virginia) Region", CloudFront, "Types of metrics for CloudFront"), with `Region: Global`. They
 * cover the edge functions in every region, because CloudFront counts their failures per
 * distribution (`LambdaExecutionError`, `LambdaValidationError`, `LambdaLimitExceededError`).
 *
 * A missing page is a 404 (the bucket answers 404 for a missing key once the distribution may list
 * it); a 403 from the origin means the bucket refused CloudFront, a permissions mistake that hides
 * the whole site. The additional metrics (a monitoring subscription, charged per distribution) give
 * 403 and 404 each a rate of their own, so the two are told apart and only 403 alarms.
 */
import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { AccessLogDelivery } from './access-log-delivery';

interface OperationsStackProps extends StackProps {
  distributionId: string;
  alarmEmail?: string;
  /** How long the distribution's access log is kept, in days. */
  accessLogRetentionDays: number;
}

/** Thresholds: a handful of failures in five minutes is an incident, not noise. */
export const ALARM_THRESHOLDS = {
  /** Percent of requests answered 5xx, in two of three 5-minute periods. */
  serverErrorRate: 5,
  /** Percent of requests answered 403, in two of three 5-minute periods. */
  forbiddenRate: 10,
  /** Edge function failures in one 5-minute period. */
  edgeFunctionErrors: 5,
};

export class OperationsStack extends Stack {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    new AccessLogDelivery(this, 'AccessLog', {
      distributionId: props.distributionId,
      retentionDays: props.accessLogRetentionDays,
    });
    const period = Duration.minutes(5);
    const metric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic,
        period,
      });

    new cloudfront.CfnMonitoringSubscription(this, 'AdditionalMetrics', {
      distributionId: props.distributionId,
      monitoringSubscription: { realtimeMetricsSubscriptionConfig: { realtimeMetricsSubscriptionStatus: 'Enabled' } },
    });

    const rateAlarm = (name: string, metricName: string, threshold: number, description: string) =>
      new cloudwatch.Alarm(this, name, {
        alarmDescription: description,
        metric: metric(metricName, 'Average'),
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    this.alarms.push(
      rateAlarm(
        'ServerErrors',
        '5xxErrorRate',
        ALARM_THRESHOLDS.serverErrorRate,
        'Readers get 5xx answers: an edge function failing, its result refused by CloudFront, or the origin failing.',
      ),
      rateAlarm(
        'Forbidden',
        '403ErrorRate',
        ALARM_THRESHOLDS.forbiddenRate,
        'Readers get 403 answers: most likely the bucket refuses CloudFront (origin access control, bucket policy). A missing page is a 404 and does not count.',
      ),
      new cloudwatch.Alarm(this, 'EdgeFunctionErrors', {
        alarmDescription:
          'The edge functions fail (exceptions, results CloudFront refuses, throttling), in any region.',
        // CloudFront may publish these counts only when they are not zero; metric math adds per
        // timestamp, so a period with execution errors and no validation error would have no sum.
        // FILL(m, 0) gives every period of each a value ("Metric math syntax and functions",
        // CloudWatch User Guide: FILL "fills the missing values of a time series" with the value given).
        metric: new cloudwatch.MathExpression({
          expression: 'FILL(execution, 0) + FILL(validation, 0) + FILL(throttled, 0)',
          usingMetrics: {
            execution: metric('LambdaExecutionError', 'Sum'),
            validation: metric('LambdaValidationError', 'Sum'),
            throttled: metric('LambdaLimitExceededError', 'Sum'),
          },
          period,
        }),
        threshold: ALARM_THRESHOLDS.edgeFunctionErrors,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    if (props.alarmEmail) {
      const topic = new sns.Topic(this, 'AlarmMail', { displayName: 'Engineering Handbook alarms', enforceSSL: true });
      topic.addSubscription(new EmailSubscription(props.alarmEmail));
      // The deploy's key-drift alarm in us-east-1 (key-drift-alarm.ts) mails through it too.
      new CfnOutput(this, 'AlarmTopicArn', { value: topic.topicArn });
      for (const alarm of this.alarms) {
        alarm.addAlarmAction(new SnsAction(topic));
        alarm.addOkAction(new SnsAction(topic));
      }
      Validations.of(topic).acknowledge({
        id: 'AwsSolutions-SNS2',
        reason:
          'CloudWatch alarms cannot publish to a topic encrypted with the AWS managed SNS key, and the messages hold alarm states only.',
      });
    }
  }
}
