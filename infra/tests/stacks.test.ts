/**
 * The CloudFormation templates `npm run synth` produces from the example configuration, offline:
 * what AWS must be told for the gate to hold. cdk-nag's AwsSolutions rules run in every synth and
 * fail it on any finding not acknowledged with a reason.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CLIENT_WRITE_ATTRIBUTES, COMPANY_EMAIL, GOOGLE_WORKSPACE } from '../../core/pool-attributes';
import { contentSecurityPolicy, SEARCH_INDEX_MAX_AGE_SECONDS } from '../../gate/headers';
import type { EdgeManifest } from '../../lambdas/edge/manifest';
import { EXAMPLE_CONFIG_FILE } from '../config';
import { addHandbookStacks, PLACEHOLDER_SITE_URL } from '../handbook-app';
import { TOKEN_LIFETIMES } from '../identity-stack';
import { synthExample } from '../synth';

let root: string;
let synthesized: Awaited<ReturnType<typeof synthExample>>;
let identity: Template;
let site: Template;

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'handbook-synth-'));
  synthesized = await synthExample(root);
  identity = Template.fromStack(synthesized.identity);
  site = Template.fromStack(synthesized.site!);
});
after(() => rmSync(root, { recursive: true, force: true }));

const edgeManifest = (): EdgeManifest =>
  JSON.parse(readFileSync(path.join(root, 'edge', 'viewer-request', 'manifest.json'), 'utf8')) as EdgeManifest;

describe('the identity stack', () => {
  test('a pool where only administrators create accounts, with the password policy the form checks', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OFF',
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      LambdaConfig: { PreSignUp: Match.anyValue(), PostConfirmation: Match.anyValue() },
      // A reader's own change of email waits for verification; the original stays until then.
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
    identity.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });

  test('the pre-sign-up trigger: bundled, on a supported runtime, with its invoke permission', () => {
    identity.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Handler: 'index.handler',
      Environment: { Variables: { ALLOWED_EMAIL_DOMAINS: 'example-health.com' } },
    });
    identity.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Readers'), 'Arn'] },
    });
  });

  test('the post confirmation trigger may write user attributes of this pool only', () => {
    identity.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          {
            Action: 'cognito-idp:AdminUpdateUserAttributes',
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Readers'), 'Arn'] },
          },
        ],
      },
      Roles: [{ Ref: Match.stringLikeRegexp('^PostConfirmation') }],
    });
    identity.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Records the Workspace'),
      Environment: { Variables: { ALLOWED_EMAIL_DOMAINS: 'example-health.com' } },
    });
  });

  test('Google with its secret read from Secrets Manager at deploy time, never written in the template', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: synthesized.config.googleClientId,
        client_secret: `{{resolve:secretsmanager:${synthesized.config.googleClientSecretName}:SecretString:::}}`,
      }),
      AttributeMapping: { email: 'email', name: 'name', 'custom:hd': 'hd' },
    });
    const template = JSON.stringify(identity.toJSON());
    assert.doesNotMatch(template, /GOCSPX-/, 'no Google client secret in the template');
  });

  test('one public app client: SRP and refresh only, code grant, the spec’s scopes, callbacks at /sign-in, short tokens', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['phone', 'email', 'openid', 'profile', 'aws.cognito.signin.user.admin'],
      // The previews' origin signs in through the same client (gate/preview-route.ts).
      CallbackURLs: [
        'https://handbook.example-health.com/sign-in',
        'https://previews.handbook.example-health.com/sign-in',
      ],
      LogoutURLs: [
        'https://handbook.example-health.com/sign-in',
        'https://previews.handbook.example-health.com/sign-in',
      ],
      SupportedIdentityProviders: ['COGNITO', 'Google'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 5,
      IdTokenValidity: 5,
      RefreshTokenValidity: 720,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
    identity.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
  });

  test('a reader’s token writes only what Google maps: never the company email recorded at grant', () => {
    const pool = Object.values(identity.findResources('AWS::Cognito::UserPool'))[0].Properties as {
      Schema: { Name: string; Mutable: boolean }[];
    };
    assert.deepEqual(
      pool.Schema.map(({ Name, Mutable }) => [Name, Mutable]),
      [
        ['email', true],
        ['name', true],
        ['company_email', true],
        ['hd', true],
        ['workspace', true],
      ],
    );
    const client = Object.values(identity.findResources('AWS::Cognito::UserPoolClient'))[0].Properties as {
      WriteAttributes: string[];
    };
    assert.deepEqual([...client.WriteAttributes].sort(), [...CLIENT_WRITE_ATTRIBUTES].sort());
    // Security review 4, finding 6: neither the Workspace record nor email_verified (no longer mapped).
    for (const adminOnly of [COMPANY_EMAIL, GOOGLE_WORKSPACE, 'email_verified'])
      assert.ok(!client.WriteAttributes.includes(adminOnly), adminOnly);
    // Every attribute Google maps is writable, as Cognito requires of the client.
    const google = Object.values(identity.findResources('AWS::Cognito::UserPoolIdentityProvider'))[0].Properties as {
      AttributeMapping: Record<string, string>;
    };
    for (const mapped of Object.keys(google.AttributeMapping))
      assert.ok(client.WriteAttributes.includes(mapped), mapped);
  });

  test('the local identity service’s app client is this one: flows, scopes, providers, sign-in route, token lifetimes', () => {
    type Client = Record<string, unknown> & { TokenValidityUnits?: Record<string, string> };
    const deployed = Object.values(identity.findResources('AWS::Cognito::UserPoolClient'))[0].Properties as Client;
    const fixture = path.resolve(__dirname, '../../identity/fixture/db/clients.json');
    const [local] = Object.values(
      (JSON.parse(readFileSync(fixture, 'utf8')) as { Clients: Record<string, Client> }).Clients,
    );
    const sorted = (client: Client, key: string) => [...((client[key] as string[] | undefined) ?? [])].sort();
    for (const key of [
      'ExplicitAuthFlows',
      'AllowedOAuthFlows',
      'AllowedOAuthScopes',
      'SupportedIdentityProviders',
      'WriteAttributes',
    ]) {
      assert.deepEqual(sorted(local, key), sorted(deployed, key), key);
    }
    // Other origins (loopback ports against the handbook's domain), the same route.
    for (const key of ['CallbackURLs', 'LogoutURLs']) {
      const routes = (client: Client) => [...new Set(sorted(client, key).map((url) => new URL(url).pathname))];
      assert.deepEqual(routes(local), routes(deployed), key);
    }
    // Cognito's units when none are given: hours for access and id tokens, days for refresh tokens.
    const MINUTES: Record<string, number> = { seconds: 1 / 60, minutes: 1, hours: 60, days: 1440 };
    const minutes = (client: Client, token: string, defaultUnit: string) =>
      Number(client[`${token}Validity`]) * MINUTES[client.TokenValidityUnits?.[token] ?? defaultUnit];
    for (const [token, defaultUnit] of [
      ['AccessToken', 'hours'],
      ['IdToken', 'hours'],
      ['RefreshToken', 'days'],
    ]) {
      assert.equal(minutes(local, token, defaultUnit), minutes(deployed, token, defaultUnit), `${token} lifetime`);
    }
  });

  test('before the site’s address is known, the client has no hosted sign-in, never a localhost callback', () => {
    const app = new App({ outdir: path.join(root, 'first-pass') });
    const { identity: firstPass } = addHandbookStacks(app, {
      config: { ...synthesized.config, siteDomain: undefined, certificateArn: undefined },
      siteUrl: PLACEHOLDER_SITE_URL,
    });
    const client = Object.values(Template.fromStack(firstPass).findResources('AWS::Cognito::UserPoolClient'))[0];
    assert.equal(client.Properties.CallbackURLs, undefined);
    assert.equal(client.Properties.LogoutURLs, undefined);
    assert.doesNotMatch(JSON.stringify(client), /localhost/);
  });

  test('the browser keeps the search index no longer than a session lasts', () => {
    assert.equal(SEARCH_INDEX_MAX_AGE_SECONDS, TOKEN_LIFETIMES.refreshToken.toSeconds());
  });

  test('the readers group the gate requires, and the hosted sign-in domain', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'handbook-readers' });
    identity.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'example-health-handbook' });
  });
});

describe('the site stack', () => {
  test('a private, encrypted bucket reachable only over TLS and only by the distribution', () => {
    site.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.objectLike({}),
      VersioningConfiguration: { Status: 'Enabled' },
    });
    site.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: Match.arrayWith(['s3:GetObject']),
          }),
        ]),
      },
    });
    site.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
  });

  test('HTTPS only, compressed, GET and HEAD, no cookie to the origin or the cache key, the custom domain', () => {
    site.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['handbook.example-health.com'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
        Logging: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          Compress: true,
          AllowedMethods: ['GET', 'HEAD'],
          OriginRequestPolicyId: Match.absent(),
        }),
      }),
    });
  });

  test('caches behind the gate: hashed bundles a year, everything else an hour, the gate on every path', () => {
    const policies = site.findResources('AWS::CloudFront::CachePolicy');
    const ttlOf = (ref: { Ref: string }) => {
      const config = policies[ref.Ref].Properties.CachePolicyConfig;
      assert.equal(config.ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig.CookieBehavior, 'none');
      assert.equal(config.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig.QueryStringBehavior, 'none');
      assert.equal(config.ParametersInCacheKeyAndForwardedToOrigin.EnableAcceptEncodingBrotli, true);
      return [config.MinTTL, config.DefaultTTL, config.MaxTTL];
    };
    const distribution = Object.values(site.findResources('AWS::CloudFront::Distribution'))[0];
    const { DefaultCacheBehavior, CacheBehaviors } = distribution.Properties.DistributionConfig;
    // A minimum TTL above 0 keeps a copy despite the origin's no-store (CloudFront, "expiration").
    assert.deepEqual(ttlOf(DefaultCacheBehavior.CachePolicyId), [3600, 3600, 3600]);
    assert.deepEqual(
      CacheBehaviors.map((behavior: { PathPattern: string }) => behavior.PathPattern),
      ['/assets/*', '/sign-in-assets/*'],
    );
    for (const behavior of CacheBehaviors) {
      assert.deepEqual(ttlOf(behavior.CachePolicyId), [31536000, 31536000, 31536000]);
      assert.deepEqual(behavior.LambdaFunctionAssociations, DefaultCacheBehavior.LambdaFunctionAssociations);
      assert.equal(behavior.ViewerProtocolPolicy, 'redirect-to-https');
      assert.equal(behavior.ResponseHeadersPolicyId.Ref, DefaultCacheBehavior.ResponseHeadersPolicyId.Ref);
    }
  });

  test('the distribution may list the bucket, so a missing key is a 404', () => {
    site.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: ['s3:GetObject', 's3:ListBucket'],
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  test('one function per trigger, each on Node 24 with the limits of its trigger', () => {
    const distribution = Object.values(site.findResources('AWS::CloudFront::Distribution'))[0];
    const associations = distribution.Properties.DistributionConfig.DefaultCacheBehavior.LambdaFunctionAssociations as {
      EventType: string;
      LambdaFunctionARN: { Ref: string };
    }[];
    assert.deepEqual(
      associations.map((association) => association.EventType),
      ['viewer-request', 'origin-response'],
    );
    const versions = site.findResources('AWS::Lambda::Version');
    const functions = site.findResources('AWS::Lambda::Function');
    const functionOf = (association: (typeof associations)[number]) =>
      functions[versions[association.LambdaFunctionARN.Ref].Properties.FunctionName.Ref].Properties;
    for (const association of associations) {
      const fn = functionOf(association);
      assert.equal(fn.Runtime, 'nodejs24.x');
      assert.equal(fn.Handler, 'index.handler');
      assert.equal(fn.MemorySize, 128);
      assert.ok(fn.Timeout <= 5, 'viewer and origin functions used here stay within 5 s');
    }
    assert.notEqual(
      associations[0].LambdaFunctionARN.Ref,
      associations[1].LambdaFunctionARN.Ref,
      'two functions, not one version for two triggers',
    );
    assert.ok(!associations.some((association) => association.EventType === 'viewer-response'));
  });

  test('the gate’s security headers on every response, through a response headers policy', () => {
    site.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: contentSecurityPolicy(edgeManifest()), Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'same-origin', Override: true },
        },
        CustomHeadersConfig: {
          Items: Match.arrayWith([{ Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true }]),
        },
      }),
    });
  });

  test('access logs kept for the configured period', () => {
    site.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: [Match.objectLike({ ExpirationInDays: synthesized.config.accessLogRetentionDays, Status: 'Enabled' })],
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
    });
  });
});

/** Function versions a rollback names. */
const VERSIONS = {
  'viewer-request': 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-ViewerRequestFn:7',
  'origin-response': 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-OriginResponseFn:7',
};

describe('the previews’ origin', () => {
  type Distribution = { Properties: { DistributionConfig: Record<string, unknown> } };
  const distributions = () =>
    Object.entries(site.findResources('AWS::CloudFront::Distribution')) as [string, Distribution][];
  const byAlias = (alias: string) =>
    distributions().find(([, resource]) => (resource.Properties.DistributionConfig.Aliases as string[])[0] === alias)!;

  test('a second distribution, on previewDomain only, created with the site stack', () => {
    assert.equal(distributions().length, 2);
    const [, previews] = byAlias('previews.handbook.example-health.com');
    const [, production] = byAlias('handbook.example-health.com');
    assert.deepEqual(previews.Properties.DistributionConfig.Aliases, ['previews.handbook.example-health.com']);
    assert.deepEqual(production.Properties.DistributionConfig.Aliases, ['handbook.example-health.com']);
    assert.match(JSON.stringify(previews.Properties.DistributionConfig.ViewerCertificate), /TLSv1\.2_2021/);
  });

  test('gated by the same edge function versions, headers and caching as production, from the same bucket', () => {
    const [, previews] = byAlias('previews.handbook.example-health.com');
    const [, production] = byAlias('handbook.example-health.com');
    // Each distribution names its origin by an id of its own; all else must be production's.
    const withoutOriginIds = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replace(/"(TargetOriginId|Id)":"[^"]*"/g, '"$1":"-"'));
    const same = (key: string) =>
      assert.deepEqual(
        withoutOriginIds(previews.Properties.DistributionConfig[key]),
        withoutOriginIds(production.Properties.DistributionConfig[key]),
        `${key} differs`,
      );
    for (const key of ['DefaultCacheBehavior', 'CacheBehaviors', 'Origins']) same(key);
    const associations = (
      previews.Properties.DistributionConfig.DefaultCacheBehavior as { LambdaFunctionAssociations: unknown[] }
    ).LambdaFunctionAssociations;
    assert.equal(associations.length, 2, 'the gate runs on the previews’ origin too');
  });

  test('the edge functions know the previews’ host, and production’s build lists its sign-in route', () => {
    assert.equal(edgeManifest().previewHost, 'previews.handbook.example-health.com');
    assert.equal(edgeManifest().siteHost, 'handbook.example-health.com');
  });

  test('its id and address are outputs the preview command reads; the preview role invalidates it alone', () => {
    const outputs = site.findOutputs('*');
    const [previewsId] = byAlias('previews.handbook.example-health.com');
    const [productionId] = byAlias('handbook.example-health.com');
    assert.deepEqual(outputs.PreviewDistributionId.Value, { Ref: previewsId });
    assert.equal(outputs.PreviewUrl.Value, 'https://previews.handbook.example-health.com');
    const policies = JSON.stringify(site.findResources('AWS::IAM::Policy'));
    const invalidation = /"cloudfront:CreateInvalidation"[^\]]*?\],"Effect":"Allow","Resource":(\{.*?\}\]\]\})/.exec(
      policies,
    );
    assert.ok(invalidation, 'the preview role may invalidate');
    assert.match(invalidation[1], new RegExp(`"Ref":"${previewsId}"`));
    assert.doesNotMatch(invalidation[1], new RegExp(`"Ref":"${productionId}"`));
  });
});

const associationsOf = (template: Template) => {
  const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0];
  const items = distribution.Properties.DistributionConfig.DefaultCacheBehavior.LambdaFunctionAssociations as {
    EventType: string;
    LambdaFunctionARN: unknown;
  }[];
  return Object.fromEntries(items.map((item) => [item.EventType, item.LambdaFunctionARN]));
};

describe('operating it', () => {
  test('replaced edge function versions are retained, and the newest overwritten files whatever their age', () => {
    const versions = Object.values(site.findResources('AWS::Lambda::Version'));
    assert.equal(versions.length, 2);
    for (const version of versions) assert.equal(version.DeletionPolicy, 'Retain');
    site.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: [
          Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30, NewerNoncurrentVersions: 2 } }),
          // A removed preview's files are not kept as versions (infra/OPERATIONS.md, previews).
          Match.objectLike({
            Prefix: 'previews/',
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            ExpiredObjectDeleteMarker: true,
          }),
        ],
      },
    });
  });

  test('a rollback associates the versions it names, with no new version', async () => {
    const { site: pinned } = await synthExample(path.join(root, 'pinned'), EXAMPLE_CONFIG_FILE, {
      pinnedEdgeVersions: VERSIONS,
    });
    assert.deepEqual(associationsOf(Template.fromStack(pinned!)), VERSIONS);
  });

  test('the access log: CloudFront standard logging (v2) from us-east-1, without query strings, cookies or referrers', () => {
    const operations = Template.fromStack(synthesized.operations!);
    operations.hasResourceProperties('AWS::Logs::DeliverySource', {
      LogType: 'ACCESS_LOGS',
      ResourceArn: { 'Fn::Join': ['', Match.arrayWith([':cloudfront::123456789012:distribution/EDFDVBD6EXAMPLE'])] },
    });
    const [delivery] = Object.values(operations.findResources('AWS::Logs::Delivery'));
    const fields = delivery.Properties.RecordFields as string[];
    for (const field of ['date', 'time', 'c-ip', 'cs-uri-stem', 'sc-status', 'x-edge-detailed-result-type']) {
      assert.ok(fields.includes(field), field);
    }
    for (const field of ['cs-uri-query', 'cs(Cookie)', 'cs(Referer)']) assert.ok(!fields.includes(field), field);
    operations.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: [Match.objectLike({ ExpirationInDays: synthesized.config.accessLogRetentionDays, Status: 'Enabled' })],
      },
    });
    operations.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'delivery.logs.amazonaws.com' }, Action: 's3:PutObject' }),
        ]),
      },
    });
  });

  test('alarms in us-east-1 on the 5xx rate, the 403 rate (not 404) and edge function errors, mailed when asked', async () => {
    const alarms = Template.fromStack(synthesized.operations!);
    assert.equal(synthesized.operations!.region, 'us-east-1');
    const metricsOf = (alarm: Record<string, unknown>) =>
      alarm.MetricName
        ? [alarm.MetricName]
        : (alarm.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[])
            .filter((item) => item.MetricStat)
            .map((item) => item.MetricStat!.Metric.MetricName);
    const found = Object.values(alarms.findResources('AWS::CloudWatch::Alarm')).map((alarm) =>
      metricsOf(alarm.Properties as Record<string, unknown>),
    );
    assert.deepEqual(found, [
      ['5xxErrorRate'],
      ['403ErrorRate'],
      ['LambdaExecutionError', 'LambdaValidationError', 'LambdaLimitExceededError'],
    ]);
    // A sparse error count still adds up: each metric is filled with 0 where it has no data point.
    alarms.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'FILL(execution, 0) + FILL(validation, 0) + FILL(throttled, 0)' }),
      ]),
    });
    alarms.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/CloudFront',
      Dimensions: Match.arrayWith([
        { Name: 'DistributionId', Value: 'EDFDVBD6EXAMPLE' },
        { Name: 'Region', Value: 'Global' },
      ]),
    });
    alarms.hasResourceProperties('AWS::CloudFront::MonitoringSubscription', {
      DistributionId: 'EDFDVBD6EXAMPLE',
      MonitoringSubscription: { RealtimeMetricsSubscriptionConfig: { RealtimeMetricsSubscriptionStatus: 'Enabled' } },
    });
    alarms.resourceCountIs('AWS::SNS::Subscription', 0);

    const configFile = path.join(root, 'mail.json');
    const example = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
    writeFileSync(
      configFile,
      JSON.stringify({
        ...example,
        alarmEmail: 'platform-oncall@example-health.com',
        emailSender: { fromEmail: 'handbook@example-health.com', fromName: 'Engineering Handbook' },
      }),
    );
    const mailed = await synthExample(path.join(root, 'mail'), configFile, {
      googleClientSecretField: 'client_secret',
    });
    const mailedAlarms = Template.fromStack(mailed.operations!);
    mailedAlarms.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'platform-oncall@example-health.com',
    });
    for (const alarm of Object.values(mailedAlarms.findResources('AWS::CloudWatch::Alarm'))) {
      assert.equal(alarm.Properties.AlarmActions.length, 1);
    }
    const mailedIdentity = Template.fromStack(mailed.identity);
    mailedIdentity.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: 'Engineering Handbook <handbook@example-health.com>',
      }),
    });
    mailedIdentity.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderDetails: Match.objectLike({
        client_secret: `{{resolve:secretsmanager:${synthesized.config.googleClientSecretName}:SecretString:client_secret::}}`,
      }),
    });
  });
});

describe('a site outside us-east-1', () => {
  test('gets its edge functions, retained on replacement, from a stack in us-east-1, where Lambda@Edge functions must live', async () => {
    const configFile = path.join(root, 'eu.json');
    const example = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
    writeFileSync(configFile, JSON.stringify({ ...example, region: 'eu-west-1' }));
    const { assembly } = await synthExample(path.join(root, 'eu'), configFile);
    const edge = assembly.getStackByName('Handbook-production-Site-Edge');
    assert.equal(edge.environment.region, 'us-east-1');
    const edgeTemplate = Template.fromJSON(edge.template);
    assert.equal(Object.keys(edgeTemplate.findResources('AWS::Lambda::Function')).length, 2);
    for (const version of Object.values(edgeTemplate.findResources('AWS::Lambda::Version'))) {
      assert.equal(version.DeletionPolicy, 'Retain');
    }
    assert.equal(assembly.getStackByName('Handbook-production-Site').environment.region, 'eu-west-1');
    assert.equal(assembly.getStackByName('Handbook-production-Operations').environment.region, 'us-east-1');
    const { site: pinned } = await synthExample(path.join(root, 'eu-pinned'), configFile, {
      pinnedEdgeVersions: VERSIONS,
    });
    assert.deepEqual(associationsOf(Template.fromStack(pinned!)), VERSIONS, 'a rollback works from eu-west-1 too');
  });
});

describe('cdk-nag', () => {
  test('is on: an unacknowledged finding fails the synth', () => {
    const app = new App({ outdir: path.join(root, 'nag') });
    new s3.Bucket(new Stack(app, 'Careless'), 'Open');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    assert.throws(() => app.synth(), /Validation failed/);
  });
});
