import assert from 'node:assert/strict';
import { test } from 'node:test';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { addPreviewRole } from '../preview-role';

const { tokens } = documentedShape<{ tokens: Record<string, Record<string, string>> }>('github-oidc-claims');

test('the preview role: trusted by the repository’s pull request runs only, allowed the previews prefix only', () => {
  const stack = new Stack(new App(), 'Site', { env: { account: '123456789012', region: 'eu-west-1' } });
  const bucket = new s3.Bucket(stack, 'Build');
  addPreviewRole(stack, {
    github: { githubRepository: 'example-health/handbook', githubSubjectFormat: 'names' },
    bucket,
    distributionId: 'EDFDVBD6EXAMPLE',
    stackNames: ['Handbook-production-Identity', 'Handbook-production-Site'],
  });
  const template = Template.fromStack(stack);
  const [role] = Object.values(template.findResources('AWS::IAM::Role')) as {
    Properties: { AssumeRolePolicyDocument: { Statement: { Condition: unknown; Principal: unknown }[] } };
  }[];
  const [trust] = role.Properties.AssumeRolePolicyDocument.Statement;
  assert.deepEqual(trust.Condition, {
    StringEquals: {
      'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
      'token.actions.githubusercontent.com:sub': 'repo:example-health/handbook:pull_request',
    },
  });
  const [policy] = Object.values(template.findResources('AWS::IAM::Policy')) as {
    Properties: {
      PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown; Condition?: unknown }[] };
    };
  }[];
  const statements = policy.Properties.PolicyDocument.Statement;
  const text = JSON.stringify(statements);
  const actions = statements.flatMap((statement) => [statement.Action].flat()).sort();
  assert.deepEqual(actions, [
    'cloudformation:DescribeStacks',
    'cloudfront:CreateInvalidation',
    'cloudfront:GetInvalidation',
    's3:DeleteObject',
    's3:GetObject',
    's3:GetObject',
    's3:ListBucket',
    's3:PutObject',
  ]);
  // Objects only under the previews' prefixes (and the live record, read-only); listing only there.
  assert.match(text, /\/previews\/\*/);
  assert.match(text, /\/\.gate\/previews\/\*/);
  assert.match(text, /\/\.gate\/deploys\/live\.json/);
  assert.doesNotMatch(text, /"\/\*"/, 'no object statement over the whole bucket');
  const list = statements.find((statement) => statement.Action === 's3:ListBucket')!;
  assert.deepEqual(list.Condition, { StringLike: { 's3:prefix': ['previews/*', '.gate/previews/*'] } });
  assert.doesNotMatch(text, /lambda:|cloudfront:UpdateDistribution|iam:/);
});

test('the preview role trusts a pull_request token in the immutable format as GitHub documents it', () => {
  const stack = new Stack(new App(), 'Site', { env: { account: '123456789012', region: 'eu-west-1' } });
  const claims = tokens['pull_request/immutable'];
  addPreviewRole(stack, {
    github: {
      githubRepository: claims.repository,
      githubSubjectFormat: 'immutable',
      githubOwnerId: claims.repository_owner_id,
      githubRepositoryId: claims.repository_id,
    },
    bucket: new s3.Bucket(stack, 'Build'),
    distributionId: 'EDFDVBD6EXAMPLE',
    stackNames: ['Handbook-production-Site'],
  });
  Template.fromStack(stack).hasResourceProperties('AWS::IAM::Role', {
    AssumeRolePolicyDocument: {
      Statement: [
        {
          Action: 'sts:AssumeRoleWithWebIdentity',
          Condition: {
            StringEquals: {
              'token.actions.githubusercontent.com:aud': claims.aud,
              'token.actions.githubusercontent.com:sub': claims.sub,
            },
          },
        },
      ],
    },
  });
});
