/**
 * The distribution's access log without query strings, cookies or referrers. The legacy standard
 * log writes every request's query string (`cs-uri-query`), and the sign-in route's query carries
 * the authorization code on the way back from the hosted sign-in; the `Referer` of the next
 * request carries it again. Standard logging (v2) lets the fields be chosen ("Configure standard
 * logging (v2)": "Select the log fields that you want"), through CloudWatch vended logs, whose
 * delivery source for CloudFront must be created in us-east-1. The field names are those of the
 * log file ("Standard logging reference", "Log file fields", which applies to v2 and legacy).
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Every field of the log file except `cs-uri-query`, `cs(Cookie)` and `cs(Referer)`. */
export const ACCESS_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'fle-status',
  'fle-encrypted-fields',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
  'sc-range-start',
  'sc-range-end',
];

interface AccessLogDeliveryProps {
  distributionId: string;
  retentionDays: number;
}

export class AccessLogDelivery extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogDeliveryProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(props.retentionDays) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudWatch Logs delivers as `delivery.logs.amazonaws.com` ("Logs sent to Amazon S3", CloudWatch Logs User Guide).
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AWSLogDeliveryWrite',
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects('*')],
        conditions: {
          StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:logs:us-east-1:${stack.account}:delivery-source:*` },
        },
      }),
    );
    const source = new logs.CfnDeliverySource(this, 'Source', {
      name: `${stack.stackName}-access`,
      logType: 'ACCESS_LOGS',
      resourceArn: `arn:${stack.partition}:cloudfront::${stack.account}:distribution/${props.distributionId}`,
    });
    const destination = new logs.CfnDeliveryDestination(this, 'Destination', {
      name: `${stack.stackName}-access-bucket`,
      destinationResourceArn: this.bucket.bucketArn,
      outputFormat: 'json',
    });
    destination.node.addDependency(this.bucket.policy!);
    const delivery = new logs.CfnDelivery(this, 'Delivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: ACCESS_LOG_FIELDS,
    });
    delivery.node.addDependency(source);

    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket holds access logs; logging it into itself would loop.',
    });
  }
}
