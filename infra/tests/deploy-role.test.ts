/**
 * The role GitHub Actions deploys with (deploy-role-stack.ts): whom it trusts, and that it may do
 * exactly what `npm run deploy` and `npm run rollback` call (deploy-permissions.ts), as the real
 * cloud adapter (aws-cloud.ts) calls it, run here against recording clients.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EXAMPLE_CONFIG_FILE, parseDeployConfig, readDeployConfig } from '../config';
import type { DeployConfig } from '../config';
import {
  DEPLOY_STATEMENTS,
  OPERATIONS_GUIDE,
  permissionsTable,
  scopeOf,
  withPermissionsTable,
} from '../deploy-permissions';
import { DeployRoleStack } from '../deploy-role-stack';

const example = readDeployConfig(EXAMPLE_CONFIG_FILE);

function roleTemplate(config: DeployConfig): Template {
  const app = new App();
  const stack = new DeployRoleStack(app, 'Handbook-production-GitHubDeploy', {
    env: { account: config.account, region: config.region },
    config,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  return Template.fromStack(stack);
}

const trustOf = (template: Template) => {
  const [role] = Object.values(template.findResources('AWS::IAM::Role'));
  return role.Properties.AssumeRolePolicyDocument.Statement as {
    Action: string;
    Condition: Record<string, Record<string, string>>;
    Principal: { Federated: unknown };
  }[];
};

describe('the deploy role', () => {
  test('trusts the named environment of one repository, through the account’s GitHub OIDC provider, for STS only', () => {
    const template = roleTemplate(example);
    template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    const [statement, ...others] = trustOf(template);
    assert.equal(others.length, 0);
    assert.equal(statement.Action, 'sts:AssumeRoleWithWebIdentity');
    assert.equal(
      statement.Principal.Federated,
      'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com',
    );
    assert.deepEqual(statement.Condition, {
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub':
          'repo:example-health@123456/engineering-handbook@456789:environment:production',
      },
    });
    assert.doesNotMatch(JSON.stringify(statement.Condition), /\*/, 'no wildcard in the trust');
  });

  test('without an environment, trusts the deploy branch exactly; an existing provider is reused', () => {
    const branchOnly = { ...example, githubEnvironment: undefined, githubSubjectFormat: 'names' as const };
    const provider = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';
    const template = roleTemplate({ ...branchOnly, githubBranch: 'main', githubOidcProviderArn: provider });
    template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    const [statement] = trustOf(template);
    assert.equal(statement.Principal.Federated, provider);
    assert.equal(
      statement.Condition.StringEquals['token.actions.githubusercontent.com:sub'],
      'repo:example-health/engineering-handbook:ref:refs/heads/main',
    );
  });

  test('holds exactly the statements of deploy-permissions.ts, and a session long enough for a deploy', () => {
    const template = roleTemplate(example);
    const scope = scopeOf(example);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: DEPLOY_STATEMENTS.map((statement) => {
          const resources = statement.resources(scope);
          return {
            Sid: statement.sid,
            Effect: 'Allow',
            Action: statement.actions.length === 1 ? statement.actions[0] : statement.actions,
            Resource: resources.length === 1 ? resources[0] : resources,
          };
        }),
      },
    });
    template.resourceCountIs('AWS::IAM::Policy', 1);
    template.hasResourceProperties('AWS::IAM::Role', { MaxSessionDuration: 7200, ManagedPolicyArns: Match.absent() });
    const actions = DEPLOY_STATEMENTS.flatMap((statement) => statement.actions);
    for (const needed of ['cloudfront:GetInvalidation', 's3:GetObjectVersion', 's3:DeleteObjectVersion']) {
      assert.ok(actions.includes(needed), needed);
    }
    assert.ok(!actions.some((action) => action.includes('*')), 'no action wildcard');
  });

  test('the operator’s guide shows these statements, as the code has them', () => {
    const guide = readFileSync(OPERATIONS_GUIDE, 'utf8');
    assert.equal(
      guide,
      withPermissionsTable(guide, permissionsTable(scopeOf(example))),
      'infra/OPERATIONS.md differs from deploy-permissions.ts: run npx tsx infra/deploy-permissions.ts',
    );
  });
});

describe('the deploy config’s GitHub fields', () => {
  const raw = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
  test('are checked with the others, each wrong one named', () => {
    assert.throws(
      () =>
        parseDeployConfig(
          {
            ...raw,
            githubRepository: 'example-health/*',
            githubBranch: 'release/*',
            githubEnvironment: 'prod*',
            githubOwnerId: '12*',
            githubOidcProviderArn: 'arn:aws:iam::210987654321:oidc-provider/token.actions.githubusercontent.com',
          },
          'deploy.config.json',
        ),
      (error: Error) =>
        /githubRepository must name one exactly, without a wildcard/.test(error.message) &&
        /githubBranch must name one exactly, without a wildcard/.test(error.message) &&
        /githubEnvironment must name one exactly, without a wildcard/.test(error.message) &&
        /githubOwnerId must be the owner's numeric id/.test(error.message) &&
        /githubOidcProviderArn is in another account/.test(error.message),
    );
    assert.throws(
      () => parseDeployConfig({ ...raw, githubRepository: 'example-health@1*/engineering-handbook@2' }, 'x'),
      /githubRepository must name one exactly, without a wildcard/,
    );
    const withoutRepository = { ...raw, githubRepository: undefined };
    assert.throws(
      () => parseDeployConfig({ ...withoutRepository, githubBranch: 'main' }, 'deploy.config.json'),
      /githubBranch, githubEnvironment, githubSubjectFormat, githubOwnerId, githubRepositoryId go with githubRepository/,
    );
    assert.equal(parseDeployConfig(raw, 'x').githubBranch, 'main', 'the branch defaults to main');
  });
});
