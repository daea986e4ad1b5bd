/**
 * The CloudFront adapter (aws-cloudfront.ts) against a stubbed client (aws-sdk-client-mock): the
 * function versions the distribution runs, and an invalidation that is waited for until CloudFront
 * reports it complete, and fails when CloudFront reports it failed.
 */
import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import {
  CloudFrontClient,
  CreateInvalidationCommand,
  GetDistributionConfigCommand,
  GetInvalidationCommand,
} from '@aws-sdk/client-cloudfront';
import { mockClient } from 'aws-sdk-client-mock';
import { distributionEdgeVersions, invalidateAndWait } from '../aws-cloudfront';

const DISTRIBUTION = 'EDFDVBD6EXAMPLE';
const VIEWER = 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-ViewerRequestFn-1A2B3C:3';
const ORIGIN = 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-OriginResponseFn-4D5E6F:3';
const cloudFront = mockClient(CloudFrontClient);
const client = new CloudFrontClient({ region: 'us-east-1' });

beforeEach(() => cloudFront.reset());
after(() => cloudFront.restore());

describe('the distribution’s function versions', () => {
  test('event type to version ARN, from the default cache behaviour', async () => {
    cloudFront.on(GetDistributionConfigCommand, { Id: DISTRIBUTION }).resolves({
      ETag: 'E2QWRUHAPOMQZL',
      DistributionConfig: {
        DefaultCacheBehavior: {
          LambdaFunctionAssociations: {
            Quantity: 2,
            Items: [
              { EventType: 'viewer-request', LambdaFunctionARN: VIEWER },
              { EventType: 'origin-response', LambdaFunctionARN: ORIGIN },
            ],
          },
        },
      } as never,
    });
    assert.deepEqual(await distributionEdgeVersions(client, DISTRIBUTION), {
      'viewer-request': VIEWER,
      'origin-response': ORIGIN,
    });
  });

  test('none when the behaviour has no associations', async () => {
    cloudFront.on(GetDistributionConfigCommand).resolves({ DistributionConfig: { DefaultCacheBehavior: {} } as never });
    assert.deepEqual(await distributionEdgeVersions(client, DISTRIBUTION), {});
  });
});

describe('invalidating', () => {
  test('sends the paths with their count and a caller reference, and waits until the invalidation is Completed', async () => {
    cloudFront
      .on(CreateInvalidationCommand)
      .resolves({ Invalidation: { Id: 'I2J0I21PCUYOIK', Status: 'InProgress' } as never });
    cloudFront
      .on(GetInvalidationCommand)
      .resolves({ Invalidation: { Id: 'I2J0I21PCUYOIK', Status: 'Completed' } as never });
    await invalidateAndWait(client, DISTRIBUTION, ['/previews/pr-7/*', '/previews/index.html'], 'preview-1', 60);
    assert.deepEqual(cloudFront.commandCalls(CreateInvalidationCommand)[0].args[0].input, {
      DistributionId: DISTRIBUTION,
      InvalidationBatch: {
        CallerReference: 'preview-1',
        Paths: { Quantity: 2, Items: ['/previews/pr-7/*', '/previews/index.html'] },
      },
    });
    assert.deepEqual(cloudFront.commandCalls(GetInvalidationCommand)[0].args[0].input, {
      DistributionId: DISTRIBUTION,
      Id: 'I2J0I21PCUYOIK',
    });
  });

  test('an invalidation without an id is an error, not a wait on nothing', async () => {
    cloudFront.on(CreateInvalidationCommand).resolves({});
    await assert.rejects(invalidateAndWait(client, DISTRIBUTION, ['/*'], 'deploy-1', 60), /no invalidation id/);
    assert.equal(cloudFront.commandCalls(GetInvalidationCommand).length, 0);
  });

  test('a refused invalidation stops with CloudFront’s error', async () => {
    cloudFront.on(CreateInvalidationCommand).rejects(
      Object.assign(new Error('Your request contains too many invalidations.'), {
        name: 'TooManyInvalidationsInProgress',
      }),
    );
    await assert.rejects(invalidateAndWait(client, DISTRIBUTION, ['/*'], 'deploy-1', 60), {
      name: 'TooManyInvalidationsInProgress',
    });
  });
});
