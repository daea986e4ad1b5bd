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
import { contentSecurityPolicy, SEARCH_INDEX_MAX_AGE_SECONDS } from '../../gate/headers';
import type { EdgeManifest } from '../../lambdas/edge/manifest';
import { EXAMPLE_CONFIG_FILE } from '../config';
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
      LambdaConfig: { PreSignUp: Match.anyValue() },
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

  test('Google with its secret read from Secrets Manager at deploy time, never written in the template', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: synthesized.config.googleClientId,
        client_secret: `{{resolve:secretsmanager:${synthesized.config.googleClientSecretName}:SecretString:::}}`,
      }),
      AttributeMapping: { email: 'email', email_verified: 'email_verified', name: 'name' },
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
      CallbackURLs: ['https://handbook.example-health.com/sign-in'],
      LogoutURLs: ['https://handbook.example-health.com/sign-in'],
      SupportedIdentityProviders: ['COGNITO', 'Google'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      RefreshTokenValidity: 720,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
    identity.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
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
            Action: 's3:GetObject',
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
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          Compress: true,
          AllowedMethods: ['GET', 'HEAD'],
          OriginRequestPolicyId: Match.absent(),
        }),
      }),
    });
    site.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        MinTTL: 0,
        DefaultTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          EnableAcceptEncodingBrotli: true,
          EnableAcceptEncodingGzip: true,
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
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

describe('a site outside us-east-1', () => {
  test('gets its edge functions from a stack in us-east-1, where Lambda@Edge functions must live', async () => {
    const configFile = path.join(root, 'eu.json');
    const example = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
    writeFileSync(configFile, JSON.stringify({ ...example, region: 'eu-west-1' }));
    const { assembly } = await synthExample(path.join(root, 'eu'), configFile);
    const edge = assembly.getStackByName('Handbook-production-Site-Edge');
    assert.equal(edge.environment.region, 'us-east-1');
    assert.equal(Object.keys(Template.fromJSON(edge.template).findResources('AWS::Lambda::Function')).length, 2);
    assert.equal(assembly.getStackByName('Handbook-production-Site').environment.region, 'eu-west-1');
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
