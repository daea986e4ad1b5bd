/**
 * The handbook on CloudFront: a private bucket holding the build, reachable only through the
 * distribution (origin access control), with the gate as two Lambda@Edge functions, the security
 * headers as a response headers policy, and access logs kept for the configured period.
 */
import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, Stage, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { contentSecurityPolicy, securityHeaders } from '../gate/headers';
import type { EdgeManifest } from '../lambdas/edge/manifest';
import type { DeployConfig } from './config';
import { edgeCachePolicies, HASHED_ASSET_PATHS } from './edge-caching';
import { associatedVersion } from './edge-versions';
import type { PinnedEdgeVersions } from './edge-versions';
import { LAMBDA_RUNTIME } from './identity-stack';
import { addPreviewRole } from './preview-role';
import { addRateLimit } from './rate-limit';
import { stackNames } from './config';

/** "Maximum length of a Content-Security-Policy header value in a response headers policy" (CloudFront quotas). */
const MAX_POLICY_CSP_LENGTH = 1783;

interface SiteStackProps extends StackProps {
  config: DeployConfig;
  /** `lambdas/package-edge.ts`'s output: `viewer-request/` and `origin-response/`. */
  edgeDir: string;
  edgeManifest: EdgeManifest;
  /** A rollback's function versions (edge-versions.ts). */
  pinnedEdgeVersions?: PinnedEdgeVersions;
}

/**
 * The gate's security headers as a response headers policy, which CloudFront applies to every
 * response it serves, origin errors included ("Adding or removing HTTP headers in CloudFront
 * responses"): a viewer-response function would miss those.
 */
function securityHeadersPolicyProps(csp: string): cloudfront.ResponseHeadersPolicyProps {
  if (csp.length > MAX_POLICY_CSP_LENGTH) {
    throw new Error(
      `The Content-Security-Policy is ${csp.length} characters; CloudFront takes ${MAX_POLICY_CSP_LENGTH}.`,
    );
  }
  const {
    'Content-Security-Policy': policy,
    'Strict-Transport-Security': hsts,
    'X-Content-Type-Options': nosniff,
    'X-Frame-Options': frameOptions,
    'Referrer-Policy': referrer,
    ...others
  } = securityHeaders(csp, true);
  if (nosniff !== 'nosniff' || frameOptions !== 'DENY' || referrer !== 'same-origin') {
    throw new Error('gate/headers.ts changed a header the response headers policy spells out: update site-stack.ts.');
  }
  const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1]);
  return {
    comment: 'The gate security headers (gate/headers.ts) on every response',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: policy, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(maxAge),
        includeSubdomains: /includeSubDomains/.test(hsts ?? ''),
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.SAME_ORIGIN, override: true },
    },
    customHeadersBehavior: {
      customHeaders: Object.entries(others).map(([header, value]) => ({ header, value, override: true })),
    },
  };
}

export class SiteStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly previewDistribution?: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config } = props;

    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // S3 server access logging writes here with the log delivery group's ACL (LogDeliveryWrite).
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(config.accessLogRetentionDays) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.bucket = new s3.Bucket(this, 'Build', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Overwritten files expire after 30 days, but the newest two stay whatever their age: a
      // rollback restores the previous build from them (S3 "NewerNoncurrentVersions").
      // Previews' old versions go after a day: when rules overlap, S3 applies the shorter expiration
      // ("Lifecycle configuration elements", conflicting lifecycle actions).
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30), noncurrentVersionsToRetain: 2 },
        { prefix: 'previews/', noncurrentVersionExpiration: Duration.days(1), expiredObjectDeleteMarker: true },
      ],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const edgeStackId = `${this.stackName}-Edge`;
    const edgeFunction = (name: 'viewer-request' | 'origin-response', timeout: Duration, description: string) =>
      new cloudfront.experimental.EdgeFunction(this, name === 'viewer-request' ? 'ViewerRequest' : 'OriginResponse', {
        description,
        runtime: LAMBDA_RUNTIME,
        handler: 'index.handler',
        code: lambda.Code.fromAsset(path.join(props.edgeDir, name)),
        // Viewer triggers: 128 MB and 5 s at most (CloudFront quotas, "Lambda@Edge").
        memorySize: 128,
        timeout,
        stackId: edgeStackId,
        // Replaced versions stay: CloudFormation cannot delete one while it is replicated, and a
        // rollback needs them; `npm run deploy` prunes them later (edge-version-prune.ts).
        currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
      });
    const viewerRequest = edgeFunction('viewer-request', Duration.seconds(5), 'The handbook gate: who may read what');
    const originResponse = edgeFunction(
      'origin-response',
      Duration.seconds(5),
      'The handbook gate: not-found pages and caching rules',
    );

    const cachePolicies = edgeCachePolicies(this);

    const headersPolicy = new cloudfront.ResponseHeadersPolicy(
      this,
      'SecurityHeaders',
      securityHeadersPolicyProps(contentSecurityPolicy(props.edgeManifest)),
    );

    // Every path passes the gate; only how long the edge keeps a file differs (edge-caching.ts).
    const behavior = {
      // The distribution may list the bucket, so a missing key is S3's 404, not a 403
      // (S3 GetObject, "Permissions"), and a real 403 stays visible (origin-response.ts).
      origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
        originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      compress: true,
      responseHeadersPolicy: headersPolicy,
      edgeLambdas: [
        {
          eventType: cloudfront.LambdaEdgeEventType.VIEWER_REQUEST,
          functionVersion: associatedVersion(
            this,
            'viewer-request',
            viewerRequest.currentVersion,
            props.pinnedEdgeVersions,
          ),
        },
        {
          eventType: cloudfront.LambdaEdgeEventType.ORIGIN_RESPONSE,
          functionVersion: associatedVersion(
            this,
            'origin-response',
            originResponse.currentVersion,
            props.pinnedEdgeVersions,
          ),
        },
      ],
    } satisfies Omit<cloudfront.BehaviorOptions, 'cachePolicy'>;
    const certificate =
      config.siteDomain && config.certificateArn
        ? Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn)
        : undefined;
    const webAclId = config.wafRateLimit
      ? addRateLimit(this, edgeStackId, config.wafRateLimit, config.environment)
      : undefined;
    const distributionProps = (domainName: string | undefined) => ({
      defaultBehavior: { ...behavior, cachePolicy: cachePolicies.pages },
      additionalBehaviors: Object.fromEntries(
        HASHED_ASSET_PATHS.map((pattern) => [pattern, { ...behavior, cachePolicy: cachePolicies.hashedAssets }]),
      ),
      ...(domainName && certificate
        ? {
            domainNames: [domainName],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(webAclId ? { webAclId } : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // The access log is CloudFront's standard logging (v2), without query strings, cookies or
      // referrers, set up in the operations stack (access-log-delivery.ts).
    });
    this.distribution = new cloudfront.Distribution(this, 'Handbook', {
      comment: `Engineering Handbook (${config.environment})`,
      ...distributionProps(config.siteDomain),
    });
    // The previews' origin: the same bucket, the same function versions and headers, its own host
    // name, so a pull request's code never runs where production's session is (the edge tells the
    // two apart by host: gate/preview-route.ts). Created once with the stack; a preview only writes
    // its keys and invalidates this distribution. Idle, it costs nothing (infra/OPERATIONS.md).
    this.previewDistribution = config.previewDomain
      ? new cloudfront.Distribution(this, 'Previews', {
          comment: `Engineering Handbook pull request previews (${config.environment})`,
          ...distributionProps(config.previewDomain),
        })
      : undefined;

    // The repository whose Actions deploy (infra/github-config.ts) also previews its pull requests.
    if (config.githubRepository && config.maxPreviews > 0 && this.previewDistribution) {
      const names = stackNames(config);
      addPreviewRole(this, {
        github: config,
        bucket: this.bucket,
        distributionId: this.previewDistribution.distributionId,
        stackNames: [names.identity, names.site],
      });
    }

    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'SiteUrl', {
      value: `https://${config.siteDomain ?? this.distribution.distributionDomainName}`,
    });
    if (this.previewDistribution) {
      new CfnOutput(this, 'PreviewDistributionId', { value: this.previewDistribution.distributionId });
      new CfnOutput(this, 'PreviewUrl', { value: `https://${config.previewDomain}` });
    }

    // cdk-nag AwsSolutions findings accepted here, each with its reason.
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would loop.',
    });
    const distributions = [this.distribution, ...(this.previewDistribution ? [this.previewDistribution] : [])];
    for (const distribution of distributions) this.acknowledgeDistributionFindings(distribution, config);
    // Outside us-east-1 the functions live in a stack of their own there (Lambda@Edge functions must
    // be created in us-east-1), which holds nothing else.
    const edgeScopes =
      this.region === 'us-east-1' ? [viewerRequest, originResponse] : [Stage.of(this)!.node.findChild(edgeStackId)];
    for (const scope of edgeScopes) {
      Validations.of(scope).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'AWSLambdaBasicExecutionRole only lets the edge functions write their own logs.',
      });
    }
  }

  /** cdk-nag's findings on a distribution, each accepted with its reason. */
  private acknowledgeDistributionFindings(distribution: cloudfront.Distribution, config: DeployConfig): void {
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR3',
      reason:
        'Access logs are standard logging (v2), delivered without query strings by the operations stack (access-log-delivery.ts); the legacy log, which this rule reads, would record them.',
    });
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Readers travel; the gate admits only the reader group, wherever they are.',
    });
    if (!config.wafRateLimit) {
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'Every request passes the Lambda@Edge gate before any content; the operator chose no WAF rate limit (wafRateLimit unset; its cost is in infra/OPERATIONS.md, "A WAF rate limit").',
      });
    }
    if (!config.siteDomain) {
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without siteDomain the distribution uses the *.cloudfront.net certificate, which keeps TLSv1; npm run deploy refuses that unless the operator passes --accept-tls-1.0-on-cloudfront-domain.',
      });
    }
  }
}
