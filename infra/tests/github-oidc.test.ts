/**
 * The first deploy on a fresh account (aws-edge-4 W4): GitHub's OIDC provider exists once per
 * account, in its own stack that every stack holding a GitHub role depends on, so `cdk deploy` of
 * the site or of the deploy role creates it first; it is retained on delete and `npm run destroy`
 * never selects its stack; an account that has one names it in the config and gets no such stack.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { Template } from 'aws-cdk-lib/assertions';
import { EXAMPLE_CONFIG_FILE, readDeployConfig } from '../config';
import { destroyArguments } from '../destroy';
import { GITHUB_OIDC_STACK } from '../github-oidc-stack';
import { synthExample } from '../synth';

const root = mkdtempSync(path.join(tmpdir(), 'handbook-oidc-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('GitHub’s OIDC provider on a fresh account', () => {
  test('is created once, in its own stack, before the roles that name it, and retained on delete', async () => {
    const configFile = path.join(root, 'eu.json');
    writeFileSync(configFile, JSON.stringify({ ...readDeployConfig(EXAMPLE_CONFIG_FILE), region: 'eu-west-1' }));
    const { githubOidc, deployRole, site, assembly } = await synthExample(path.join(root, 'fresh'), configFile);
    assert.ok(githubOidc && deployRole && site);
    assert.equal(githubOidc.stackName, GITHUB_OIDC_STACK);
    assert.equal(githubOidc.region, 'us-east-1', 'one region for every environment of the account');
    const provider = Template.fromStack(githubOidc);
    provider.resourceCountIs('AWS::IAM::OIDCProvider', 1);
    provider.hasResource('AWS::IAM::OIDCProvider', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { Url: 'https://token.actions.githubusercontent.com', ClientIdList: ['sts.amazonaws.com'] },
    });
    assert.ok(deployRole.dependencies.includes(githubOidc), 'the deploy role’s stack depends on it');
    assert.ok(site.dependencies.includes(githubOidc), 'the site stack (preview role) depends on it');
    const providers = assembly.stacks.flatMap((stack) =>
      Object.values((stack.template as { Resources: Record<string, { Type: string }> }).Resources).filter(
        (resource) => resource.Type === 'AWS::IAM::OIDCProvider',
      ),
    );
    assert.equal(providers.length, 1, 'one provider in the whole app');
  });

  test('an account that has one names it: no provider stack, the roles use it', async () => {
    const existing = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';
    const configFile = path.join(root, 'existing.json');
    writeFileSync(
      configFile,
      JSON.stringify({ ...readDeployConfig(EXAMPLE_CONFIG_FILE), githubOidcProviderArn: existing }),
    );
    const { githubOidc, deployRole } = await synthExample(path.join(root, 'existing'), configFile);
    assert.equal(githubOidc, undefined);
    assert.deepEqual(deployRole!.dependencies, []);
  });

  test('npm run destroy selects the environment’s stacks only, never the provider’s', () => {
    const args = destroyArguments('cdk.out', { environment: 'production' }, ['--force']);
    assert.deepEqual(args, ['destroy', '--app', 'cdk.out', 'Handbook-production-*', '--force']);
    assert.ok(!GITHUB_OIDC_STACK.startsWith('Handbook-production-'));
  });
});
