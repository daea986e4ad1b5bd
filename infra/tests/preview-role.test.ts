import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import type { GitHubSubjectFields } from '../github-subject';
import { addPreviewRole } from '../preview-role';

const { tokens } = documentedShape<{ tokens: Record<string, Record<string, string>> }>('github-oidc-claims');

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/** The preview role as the site stack adds it, with the previews distribution's id. */
function previewRoleTemplate(
  github: GitHubSubjectFields = { githubRepository: 'example-health/handbook', githubSubjectFormat: 'names' },
) {
  const stack = new Stack(new App(), 'Site', { env: { account: '123456789012', region: 'eu-west-1' } });
  const bucket = new s3.Bucket(stack, 'Build');
  addPreviewRole(stack, {
    github,
    bucket,
    distributionId: 'EPREVIEWSEXAMPLE',
    stackNames: ['Handbook-production-Identity', 'Handbook-production-Site'],
  });
  const template = Template.fromStack(stack);
  const bucketId = Object.keys(template.findResources('AWS::S3::Bucket'))[0];
  const [role] = Object.values(template.findResources('AWS::IAM::Role')) as {
    Properties: { AssumeRolePolicyDocument: { Statement: { Condition: unknown }[] } };
  }[];
  const [policy] = Object.values(template.findResources('AWS::IAM::Policy')) as {
    Properties: { PolicyDocument: { Statement: Statement[] } };
  }[];
  return {
    bucketId,
    trust: role.Properties.AssumeRolePolicyDocument.Statement,
    statements: policy.Properties.PolicyDocument.Statement,
  };
}

/** A resource as an operator reads it: the bucket as `<bucket>`, the partition as `aws`. */
function readable(value: unknown, bucketId: string): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if (node['Fn::Join'])
    return (node['Fn::Join'] as [string, unknown[]])[1].map((part) => readable(part, bucketId)).join('');
  if (node['Fn::GetAtt']) return (node['Fn::GetAtt'] as string[])[0] === bucketId ? 'arn:aws:s3:::<bucket>' : '?';
  if (node.Ref === 'AWS::Partition') return 'aws';
  throw new Error(`unreadable resource ${JSON.stringify(value)}`);
}

/** The role's policy, one line per statement: what infra/OPERATIONS.md shows. */
function policyLines(): string[] {
  const { bucketId, statements } = previewRoleTemplate();
  return statements.map((statement) => {
    const actions = [statement.Action].flat().join(', ');
    const resources = [statement.Resource].flat().map((resource) => readable(resource, bucketId));
    const condition = statement.Condition ? ` when ${JSON.stringify(statement.Condition)}` : '';
    return `${statement.Effect} ${actions} on ${resources.join(', ')}${condition}`;
  });
}

test('the preview role is trusted by the `preview` environment’s jobs only, never by a pull request’s own run', () => {
  const [trust] = previewRoleTemplate().trust;
  assert.deepEqual(trust.Condition, {
    StringEquals: {
      'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
      'token.actions.githubusercontent.com:sub': 'repo:example-health/handbook:environment:preview',
    },
  });
});

test('the preview role touches only previews: writes under previews/, its records, the previews distribution', () => {
  assert.deepEqual(policyLines(), [
    'Allow s3:PutObject, s3:DeleteObject on arn:aws:s3:::<bucket>/previews/*, arn:aws:s3:::<bucket>/.gate/previews/*',
    'Allow s3:GetObject on arn:aws:s3:::<bucket>/.gate/previews/*, arn:aws:s3:::<bucket>/.gate/deploys/live.json',
    'Allow s3:ListBucket on arn:aws:s3:::<bucket> when {"StringLike":{"s3:prefix":["previews/*",".gate/previews/*"]}}',
    'Allow cloudfront:CreateInvalidation, cloudfront:GetInvalidation on arn:aws:cloudfront::123456789012:distribution/EPREVIEWSEXAMPLE',
    'Allow cloudformation:DescribeStacks on arn:aws:cloudformation:eu-west-1:123456789012:stack/Handbook-production-Identity/*, arn:aws:cloudformation:eu-west-1:123456789012:stack/Handbook-production-Site/*',
  ]);
});

test('infra/OPERATIONS.md shows the preview role’s policy as the code makes it', () => {
  const guide = readFileSync(path.join(__dirname, '..', 'OPERATIONS.md'), 'utf8');
  const shown = /<!-- preview-role-policy: infra\/tests\/preview-role\.test\.ts -->\n+```text\n([\s\S]*?)\n```/.exec(
    guide,
  );
  assert.ok(shown, 'OPERATIONS.md has the preview role’s policy block');
  assert.deepEqual(shown[1].split('\n'), policyLines());
});

test('the preview role trusts the `preview` environment’s token in the immutable format as GitHub documents it', () => {
  // GitHub's documented environment token names `prod`; the same repository's `preview` jobs differ
  // only in the environment (github-subject.ts builds both from one rule).
  const claims = tokens['environment/immutable'];
  const [trust] = previewRoleTemplate({
    githubRepository: claims.repository,
    githubSubjectFormat: 'immutable',
    githubOwnerId: claims.repository_owner_id,
    githubRepositoryId: claims.repository_id,
  }).trust;
  assert.deepEqual(trust.Condition, {
    StringEquals: {
      'token.actions.githubusercontent.com:aud': claims.aud,
      'token.actions.githubusercontent.com:sub': claims.sub.replace(/:environment:prod$/, ':environment:preview'),
    },
  });
});
