/**
 * `wafRateLimit`: without it no WAF and cdk-nag's CFR2 acknowledged as the operator's decision; with
 * it a CLOUDFRONT web ACL in us-east-1 whose rate-based rule blocks an IP address over the limit,
 * attached to the distribution, with CloudWatch metrics, and no acknowledgement (the synth runs
 * cdk-nag, so CFR2 must then pass on its own). And the config's errors name the wrong value.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { App, Validations } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { packageEdge } from '../../lambdas/package-edge';
import { DeployConfigError, EXAMPLE_CONFIG_FILE, parseDeployConfig } from '../config';
import { addHandbookStacks, siteUrlOf } from '../handbook-app';
import { RATE_LIMIT_RULE } from '../rate-limit';

const EXAMPLE_BUILD = path.join(__dirname, '..', 'example-build');
const example = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
const root = mkdtempSync(path.join(tmpdir(), 'handbook-rate-limit-'));
const edgeDir = path.join(root, 'edge');

before(async () => {
  await packageEdge({
    buildDir: EXAMPLE_BUILD,
    outDir: edgeDir,
    jwks: JSON.parse(readFileSync(path.join(EXAMPLE_BUILD, 'jwks.json'), 'utf8')) as Jwks,
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

/** The site stack, and the us-east-1 stack holding its edge functions when it is elsewhere, synthesized with cdk-nag. */
function synthSite(settings: Record<string, unknown>, name: string) {
  const config = parseDeployConfig({ ...example, ...settings }, name);
  const app = new App({ outdir: path.join(root, name) });
  const { site } = addHandbookStacks(app, { config, siteUrl: siteUrlOf(config), edgeDir });
  const assembly = app.synth();
  const acknowledged = site!.distribution.node.metadata
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.keys(entry.data as object));
  const edgeStack = (site as Stack).region === 'us-east-1' ? undefined : `${site!.stackName}-Edge`;
  return {
    site: Template.fromStack(site!),
    edge: edgeStack ? Template.fromJSON(assembly.getStackByName(edgeStack).template as object) : undefined,
    edgeRegion: edgeStack ? assembly.getStackByName(edgeStack).environment.region : undefined,
    acknowledged,
  };
}

const CFR2 = /AwsSolutions-CFR2$/;

function distributionConfig(site: Template): Record<string, unknown> {
  const [distribution] = Object.values(site.findResources('AWS::CloudFront::Distribution'));
  return (distribution.Properties as { DistributionConfig: Record<string, unknown> }).DistributionConfig;
}

function assertRateLimitedAcl(template: Template, limit: number) {
  template.resourceCountIs('AWS::WAFv2::WebACL', 1);
  template.hasResourceProperties('AWS::WAFv2::WebACL', {
    Scope: 'CLOUDFRONT',
    DefaultAction: { Allow: {} },
    VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: Match.anyValue() },
    Rules: [
      {
        Name: RATE_LIMIT_RULE,
        Priority: 0,
        Action: { Block: {} },
        Statement: { RateBasedStatement: { Limit: limit, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
        VisibilityConfig: {
          CloudWatchMetricsEnabled: true,
          SampledRequestsEnabled: true,
          MetricName: `Handbook-production-${RATE_LIMIT_RULE}`,
        },
      },
    ],
  });
}

describe('the WAF rate limit', () => {
  test('without wafRateLimit: no web ACL, none attached, CFR2 acknowledged as the operator’s decision', () => {
    const { site, acknowledged } = synthSite({}, 'without');
    site.resourceCountIs('AWS::WAFv2::WebACL', 0);
    assert.equal(distributionConfig(site).WebACLId, undefined);
    assert.ok(
      acknowledged.some((rule) => CFR2.test(rule)),
      acknowledged.join(', '),
    );
  });

  test('with wafRateLimit in us-east-1: a CLOUDFRONT web ACL in the site stack, attached by its ARN, no CFR2 acknowledgement', () => {
    const { site, acknowledged } = synthSite({ wafRateLimit: 1500 }, 'with');
    assertRateLimitedAcl(site, 1500);
    // For WAFv2, a distribution's WebACLId is the web ACL's ARN (CloudFront DistributionConfig).
    const [webAcl] = Object.keys(site.findResources('AWS::WAFv2::WebACL'));
    assert.deepEqual(distributionConfig(site).WebACLId, { 'Fn::GetAtt': [webAcl, 'Arn'] });
    assert.equal(
      acknowledged.some((rule) => CFR2.test(rule)),
      false,
      'CFR2 passes on its own; an acknowledgement would hide its failure',
    );
  });

  test('with wafRateLimit outside us-east-1: the web ACL lives in the edge stack in us-east-1, its ARN read across regions', () => {
    const { site, edge, edgeRegion } = synthSite({ region: 'eu-west-1', wafRateLimit: 300 }, 'eu');
    site.resourceCountIs('AWS::WAFv2::WebACL', 0);
    assert.equal(edgeRegion, 'us-east-1');
    assertRateLimitedAcl(edge!, 300);
    const webAclId = JSON.stringify(distributionConfig(site).WebACLId);
    assert.match(webAclId, /RateLimitArn/, webAclId);
  });
});

describe('wafRateLimit in the deploy config', () => {
  const problemsOf = (wafRateLimit: unknown) => {
    try {
      parseDeployConfig({ ...example, wafRateLimit }, 'deploy.config.json');
      return [];
    } catch (error) {
      assert.ok(error instanceof DeployConfigError);
      return error.problems;
    }
  };

  test('takes AWS WAF’s bounds, 10 to 2,000,000,000, and is optional', () => {
    assert.deepEqual(problemsOf(10), []);
    assert.deepEqual(problemsOf(2_000_000_000), []);
    assert.deepEqual(problemsOf(undefined), []);
    assert.equal(parseDeployConfig({ ...example, wafRateLimit: 2000 }, 'x').wafRateLimit, 2000);
  });

  for (const wrong of [9, 2_000_000_001, 0, -100, 99.5, '2000', true, [2000]]) {
    test(`refuses ${JSON.stringify(wrong)}, naming the field and the value`, () => {
      const problems = problemsOf(wrong);
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.ok(problems[0].startsWith(`wafRateLimit is ${JSON.stringify(wrong)}:`), problems[0]);
      assert.match(problems[0], /10 to 2000000000/);
    });
  }
});
