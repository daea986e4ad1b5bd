/**
 * The CloudFormation adapter (aws-stack-outputs.ts) against a stubbed client
 * (aws-sdk-client-mock): outputs by key, a stack not deployed yet as null (CloudFormation's
 * `ValidationError`, told by its name), any other error passed on, and a missing output named.
 */
import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { cloudFormationError, describedStack, stackMissing } from './aws-answers';
import { deployedSite, IDENTITY_OUTPUTS, identityOutputsOf, requiredOutputs, stackOutputs } from '../aws-stack-outputs';

const cloudFormation = mockClient(CloudFormationClient);
const client = new CloudFormationClient({ region: 'eu-west-1' });
const SITE = {
  BucketName: 'handbook-production-site-build1a2b3c-4d5e6f',
  DistributionId: 'EDFDVBD6EXAMPLE',
  SiteUrl: 'https://handbook.example-health.com',
};
const IDENTITY = {
  UserPoolId: 'eu-west-1_Ex4mpleP0',
  UserPoolClientId: 'handbookwebclient',
  HostedSignInDomain: 'example-health-handbook.auth.eu-west-1.amazoncognito.com',
};

beforeEach(() => cloudFormation.reset());
after(() => cloudFormation.restore());

describe('stack outputs', () => {
  test('by key, for the stack named', async () => {
    cloudFormation
      .on(DescribeStacksCommand, { StackName: 'Handbook-production-Site' })
      .resolves(describedStack('Handbook-production-Site', SITE));
    assert.deepEqual(await stackOutputs(client, 'Handbook-production-Site'), SITE);
    assert.deepEqual(await deployedSite(client, 'Handbook-production-Site'), {
      bucketName: SITE.BucketName,
      distributionId: SITE.DistributionId,
      siteUrl: SITE.SiteUrl,
    });
  });

  test('a stack not deployed yet is null, not an error', async () => {
    cloudFormation.on(DescribeStacksCommand).rejects(stackMissing('Handbook-production-Site'));
    assert.equal(await stackOutputs(client, 'Handbook-production-Site'), null);
    assert.equal(await deployedSite(client, 'Handbook-production-Site'), null);
  });

  test('a stack without the site’s outputs (created, never finished) is no site', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves(describedStack('Handbook-production-Site', {}));
    assert.equal(await deployedSite(client, 'Handbook-production-Site'), null);
  });

  test('any other error is passed on, whatever its message says', async () => {
    cloudFormation
      .on(DescribeStacksCommand)
      .rejects(cloudFormationError('AccessDenied', 403, 'Stack with id Handbook-production-Site does not exist'));
    await assert.rejects(stackOutputs(client, 'Handbook-production-Site'), { name: 'AccessDenied' });
  });
});

describe('required outputs', () => {
  test('the identity stack’s, as the site build needs them', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves(describedStack('Handbook-production-Identity', IDENTITY));
    const outputs = await requiredOutputs(client, 'Handbook-production-Identity', IDENTITY_OUTPUTS);
    assert.deepEqual(identityOutputsOf(outputs, 'eu-west-1'), {
      region: 'eu-west-1',
      userPoolId: IDENTITY.UserPoolId,
      userPoolClientId: IDENTITY.UserPoolClientId,
      hostedSignInDomain: IDENTITY.HostedSignInDomain,
    });
  });

  test('a missing output, or a missing stack, is named with what to do', async () => {
    cloudFormation
      .on(DescribeStacksCommand)
      .resolves(describedStack('Handbook-production-Identity', { UserPoolId: 'x' }));
    await assert.rejects(
      requiredOutputs(client, 'Handbook-production-Identity', IDENTITY_OUTPUTS),
      /^Error: Handbook-production-Identity has no UserPoolClientId output: deploy it first\.$/,
    );
    cloudFormation.reset();
    cloudFormation.on(DescribeStacksCommand).rejects(stackMissing('Handbook-production-Identity'));
    await assert.rejects(
      requiredOutputs(client, 'Handbook-production-Identity', ['UserPoolId']),
      /has no UserPoolId output: deploy it first/,
    );
  });
});
