/**
 * The optional WAF rate limit (`wafRateLimit` in the deploy config): a web ACL whose one rule blocks
 * an IP address that sends more than the limit in five minutes, attached to the distribution.
 * Without it there is no WAF, and cdk-nag's AwsSolutions-CFR2 is acknowledged as the operator's
 * cost decision (site-stack.ts; the cost is in infra/OPERATIONS.md, "A WAF rate limit").
 */
import { Stage } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/**
 * A rate-based statement's limit: "Valid Range: Minimum value of 10. Maximum value of 2000000000."
 * (AWS WAF API Reference, RateBasedStatement; "The lowest limit setting allowed is 10", Developer
 * Guide, "Rate-based rule high-level settings").
 */
export const WAF_RATE_LIMIT_MIN = 10;
export const WAF_RATE_LIMIT_MAX = 2_000_000_000;

/** The evaluation window the limit counts over: 300 s is AWS WAF's default (same page). */
export const WAF_EVALUATION_WINDOW_SECONDS = 300;

export const RATE_LIMIT_RULE = 'RequestsPerIp';

export function wafRateLimitProblem(value: unknown): string | null {
  if (Number.isInteger(value) && (value as number) >= WAF_RATE_LIMIT_MIN && (value as number) <= WAF_RATE_LIMIT_MAX) {
    return null;
  }
  return (
    `is ${JSON.stringify(value)}: it must be a whole number of requests per 5 minutes from one IP address, ` +
    `${WAF_RATE_LIMIT_MIN} to ${WAF_RATE_LIMIT_MAX} (AWS WAF's bounds for a rate-based rule)`
  );
}

const metrics = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/**
 * Creates the web ACL and returns its ARN, which a CloudFront distribution takes as `webAclId` for
 * WAFv2. A web ACL for CloudFront has the scope CLOUDFRONT and must be created in us-east-1 ("AWS
 * WAF is available globally for CloudFront distributions, but you must use the Region US East (N.
 * Virginia) to create your web ACL", "Resources that you can protect with AWS WAF"). So it goes in
 * the site stack when that is in us-east-1, and otherwise in the us-east-1 stack that already holds
 * the edge functions (`edgeStackId`, created by `cloudfront.experimental.EdgeFunction`).
 */
export function addRateLimit(site: Stack, edgeStackId: string, limit: number, environment: string): string {
  const scope: Construct = site.region === 'us-east-1' ? site : (Stage.of(site)!.node.findChild(edgeStackId) as Stack);
  const webAcl = new CfnWebACL(scope, 'RateLimit', {
    name: `Handbook-${environment}-RateLimit`,
    description: `At most ${limit} requests per 5 minutes from one IP address`,
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    visibilityConfig: metrics(`Handbook-${environment}-WebAcl`),
    rules: [
      {
        name: RATE_LIMIT_RULE,
        priority: 0,
        action: { block: {} },
        statement: {
          rateBasedStatement: {
            limit,
            aggregateKeyType: 'IP',
            evaluationWindowSec: WAF_EVALUATION_WINDOW_SECONDS,
          },
        },
        visibilityConfig: metrics(`Handbook-${environment}-${RATE_LIMIT_RULE}`),
      },
    ],
  });
  return webAcl.attrArn;
}
