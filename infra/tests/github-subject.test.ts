/**
 * Every role's trust (deploy, rollback, preview) from one builder, held to GitHub's documented
 * tokens (testkit/documented-shapes/github-oidc-claims.json): each documented token is admitted by
 * the trust its config builds, in both subject formats, and by no trust of the other format.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { EXAMPLE_CONFIG_FILE, parseDeployConfig } from '../config';
import { DeployRoleStack } from '../deploy-role-stack';
import { githubSubject, githubTrustConditions } from '../github-subject';
import type { GitHubSubjectFields, SubjectContext, SubjectFormat } from '../github-subject';
import { documentedShape } from '../../testkit/documented-shapes/shapes';

type Claims = Record<string, string>;
const { tokens } = documentedShape<{ tokens: Record<string, Claims> }>('github-oidc-claims');

/** The config an operator writes for the repository of `claims`, in `format`. */
function configFor(claims: Claims, format: SubjectFormat): GitHubSubjectFields {
  return format === 'names'
    ? { githubRepository: claims.repository, githubSubjectFormat: 'names' }
    : {
        githubRepository: claims.repository,
        githubSubjectFormat: 'immutable',
        githubOwnerId: claims.repository_owner_id,
        githubRepositoryId: claims.repository_id,
      };
}

/** The jobs the token comes from, as a role would name them. */
function contextOf(claims: Claims): SubjectContext {
  if (claims.environment) return { environment: claims.environment };
  if (claims.event_name === 'pull_request') return 'pull_request';
  return { branch: claims.ref.replace(/^refs\/heads\//, '') };
}

/** IAM's StringEquals over `token.actions.githubusercontent.com:<claim>` keys. */
function admits(conditions: { StringEquals: Record<string, string> }, claims: Claims): boolean {
  return Object.entries(conditions.StringEquals).every(
    ([key, value]) => claims[key.replace('token.actions.githubusercontent.com:', '')] === value,
  );
}

describe('the OIDC subject', () => {
  for (const [name, claims] of Object.entries(tokens)) {
    const format = name.split('/')[1] as SubjectFormat;
    const other: SubjectFormat = format === 'names' ? 'immutable' : 'names';
    test(`admits GitHub's documented ${name} token, and a trust in the ${other} format does not`, () => {
      assert.equal(githubSubject(configFor(claims, format), contextOf(claims)), claims.sub);
      assert.ok(admits(githubTrustConditions(configFor(claims, format), contextOf(claims)), claims));
      assert.ok(!admits(githubTrustConditions(configFor(claims, other), contextOf(claims)), claims));
    });
  }

  test('the immutable form may be given whole as githubRepository', () => {
    const claims = tokens['environment/immutable'];
    const whole = { githubRepository: 'octo-org@65/octo-repo@74' };
    assert.equal(githubSubject(whole, { environment: 'prod' }), claims.sub);
  });

  test('a colon in an environment is written %3A, as GitHub writes it; a wildcard is never built', () => {
    const config = configFor(tokens['environment/names'], 'names');
    assert.equal(
      githubSubject(config, { environment: 'Production:V1' }),
      'repo:octo-org/octo-repo:environment:Production%3AV1',
    );
    assert.throws(() => githubSubject(config, { branch: 'release/*' }), /exactly/);
  });
});

describe('the deploy role in both formats (CDK)', () => {
  const raw = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
  const subjectOf = (fields: Record<string, unknown>) => {
    const config = parseDeployConfig({ ...raw, ...fields }, 'deploy.config.json');
    const stack = new DeployRoleStack(new App(), 'Handbook-production-GitHubDeploy', {
      env: { account: config.account, region: config.region },
      config,
    });
    const [role] = Object.values(Template.fromStack(stack).findResources('AWS::IAM::Role'));
    return role.Properties.AssumeRolePolicyDocument.Statement[0].Condition.StringEquals[
      'token.actions.githubusercontent.com:sub'
    ] as string;
  };
  const noIds = { githubOwnerId: undefined, githubRepositoryId: undefined };

  test('immutable, from the ids or from the whole form: the same subject', () => {
    const fromIds = subjectOf({
      githubSubjectFormat: 'immutable',
      githubOwnerId: 123456,
      githubRepositoryId: '456789',
    });
    const whole = subjectOf({
      ...noIds,
      githubSubjectFormat: undefined,
      githubRepository: 'example-health@123456/engineering-handbook@456789',
    });
    assert.equal(fromIds, 'repo:example-health@123456/engineering-handbook@456789:environment:production');
    assert.equal(whole, fromIds);
  });

  test('names, for a repository that has not moved to the immutable format', () => {
    assert.equal(
      subjectOf({ ...noIds, githubSubjectFormat: 'names' }),
      'repo:example-health/engineering-handbook:environment:production',
    );
  });
});

describe('the deploy config’s subject fields', () => {
  const raw = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
  const problemsOf = (fields: Record<string, unknown>) => {
    try {
      parseDeployConfig({ ...raw, ...fields }, 'deploy.config.json');
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  test('the format is required with a repository in owner/name form, and says how to tell', () => {
    assert.match(
      problemsOf({ githubSubjectFormat: undefined }),
      /githubSubjectFormat is missing: "immutable" for a repository created or renamed on or after 2026-07-15/,
    );
    assert.match(problemsOf({ githubSubjectFormat: 'legacy' }), /githubSubjectFormat must be "immutable" or "names"/);
  });

  test('the immutable format needs both ids, once', () => {
    assert.match(
      problemsOf({ githubRepositoryId: undefined }),
      /githubRepositoryId missing: .*gh api repos\/OWNER\/REPO/,
    );
    assert.match(problemsOf({ githubOwnerId: 'octo-org' }), /githubOwnerId must be the owner's numeric id/);
    assert.match(
      problemsOf({ githubRepository: 'example-health@123456/engineering-handbook@456789' }),
      /githubRepository already carries the ids/,
    );
    assert.match(
      problemsOf({ githubSubjectFormat: 'names' }),
      /githubOwnerId, githubRepositoryId go with githubSubjectFormat "immutable" only/,
    );
    assert.match(
      problemsOf({
        githubRepository: 'example-health@1/engineering-handbook@2',
        githubSubjectFormat: 'names',
        githubOwnerId: undefined,
        githubRepositoryId: undefined,
      }),
      /immutable form owner@id\/name@id, but githubSubjectFormat is "names"/,
    );
    assert.equal(problemsOf({}), '', 'the example is valid');
  });
});
