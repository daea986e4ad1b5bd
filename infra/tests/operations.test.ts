/**
 * The deploy's aftercare against AWS SDK clients faked at the boundary (`send`), answering with the
 * shapes and errors the SDK documents: pruning old edge function versions, retention on the edge
 * log groups of every region, and the Google secret's format.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  CreateLogGroupCommand,
  DescribeLogGroupsCommand,
  PutRetentionPolicyCommand,
  ResourceAlreadyExistsException,
} from '@aws-sdk/client-cloudwatch-logs';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import {
  DeleteFunctionCommand,
  InvalidParameterValueException,
  ListVersionsByFunctionCommand,
} from '@aws-sdk/client-lambda';
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { BucketStore } from '../cloud-port';
import { edgeLogGroupNames, setEdgeLogRetention } from '../edge-logs';
import { EDGE_PACKAGE_PREFIX, readEdgePackage, storeEdgePackage } from '../edge-package';
import { pruneEdgeVersions } from '../edge-version-prune';
import { googleSecretJsonField } from '../google-secret';
import { keyDrift } from '../key-drift';

const VIEWER = 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-ViewerRequestFn-1A2B3C';
const ORIGIN = 'arn:aws:lambda:us-east-1:123456789012:function:Handbook-production-Site-OriginResponseFn-4D5E6F';

/** Lambda with numbered versions per function; some still replicated at the edge. */
function fakeLambda(versions: Record<string, number>, replicated: string[]) {
  const calls: string[] = [];
  const lambda = {
    send: async (command: unknown) => {
      if (command instanceof ListVersionsByFunctionCommand) {
        const fn = command.input.FunctionName!;
        const all = ['$LATEST', ...Array.from({ length: versions[fn] }, (_, index) => String(index + 1))];
        // Two pages, as ListVersionsByFunction pages with Marker/NextMarker.
        const first = command.input.Marker === undefined;
        const half = Math.ceil(all.length / 2);
        return {
          Versions: (first ? all.slice(0, half) : all.slice(half)).map((Version) => ({
            Version,
            FunctionArn: `${fn}:${Version}`,
          })),
          NextMarker: first ? 'page-2' : undefined,
        };
      }
      if (command instanceof DeleteFunctionCommand) {
        const arn = `${command.input.FunctionName}:${command.input.Qualifier}`;
        calls.push(`delete ${arn}`);
        if (replicated.includes(arn)) {
          throw new InvalidParameterValueException({
            $metadata: { httpStatusCode: 400 },
            message: `Lambda was unable to delete ${arn} because it is a replicated function. Please see our documentation for Deleting Lambda@Edge Functions and Replicas.`,
          });
        }
        return {};
      }
      throw new Error(`unexpected ${(command as object).constructor.name}`);
    },
  };
  return { lambda: lambda as unknown as Pick<LambdaClient, 'send'>, calls };
}

describe('pruning old edge function versions', () => {
  test('keeps the live and previous versions and the newest few, deletes the rest, and leaves replicated ones for later', async () => {
    const { lambda, calls } = fakeLambda({ [VIEWER]: 9, [ORIGIN]: 4 }, [`${VIEWER}:6`]);
    const result = await pruneEdgeVersions(lambda, [`${VIEWER}:9`, `${VIEWER}:2`, `${ORIGIN}:4`, `${ORIGIN}:3`], 3);
    assert.deepEqual(
      calls,
      [6, 5, 4, 3, 1].map((version) => `delete ${VIEWER}:${version}`).concat(`delete ${ORIGIN}:1`),
    );
    assert.deepEqual(result.replicated, [`${VIEWER}:6`]);
    assert.ok(!result.deleted.includes(`${VIEWER}:2`), 'the rollback target stays however old');
    assert.ok(!calls.some((call) => call.endsWith('$LATEST')));
  });

  test('any other Lambda error stops the prune', async () => {
    const lambda = {
      send: async (command: unknown) => {
        if (command instanceof ListVersionsByFunctionCommand) return { Versions: [{ Version: '1' }, { Version: '2' }] };
        throw new InvalidParameterValueException({ $metadata: {}, message: 'Qualifier is not valid' });
      },
    } as unknown as Pick<LambdaClient, 'send'>;
    await assert.rejects(pruneEdgeVersions(lambda, [`${VIEWER}:2`], 0), /Qualifier is not valid/);
  });

  test('refuses something that is not a version ARN', async () => {
    await assert.rejects(
      pruneEdgeVersions(fakeLambda({}, []).lambda, [VIEWER], 3),
      /Not a Lambda function version ARN/,
    );
  });
});

/** CloudWatch Logs of several regions: the groups Lambda@Edge created there, with their retention. */
function fakeLogs(groups: Record<string, Record<string, number | undefined>>, disabled: string[] = []) {
  const calls: string[] = [];
  const logsIn = (region: string) =>
    ({
      send: async (command: unknown) => {
        if (disabled.includes(region)) {
          throw Object.assign(new Error('The security token included in the request is invalid.'), {
            name: 'UnrecognizedClientException',
          });
        }
        const inRegion = (groups[region] ??= {});
        if (command instanceof DescribeLogGroupsCommand) {
          const prefix = command.input.logGroupNamePrefix!;
          return {
            logGroups: Object.entries(inRegion)
              .filter(([name]) => name.startsWith(prefix))
              .map(([logGroupName, retentionInDays]) => ({ logGroupName, retentionInDays })),
          };
        }
        if (command instanceof CreateLogGroupCommand) {
          calls.push(`${region} create ${command.input.logGroupName}`);
          if (command.input.logGroupName! in inRegion) {
            throw new ResourceAlreadyExistsException({
              $metadata: {},
              message: 'The specified log group already exists',
            });
          }
          inRegion[command.input.logGroupName!] = undefined;
          return {};
        }
        if (command instanceof PutRetentionPolicyCommand) {
          calls.push(`${region} retention ${command.input.logGroupName} ${command.input.retentionInDays}`);
          inRegion[command.input.logGroupName!] = command.input.retentionInDays;
          return {};
        }
        throw new Error(`unexpected ${(command as object).constructor.name}`);
      },
    }) as unknown as Pick<CloudWatchLogsClient, 'send'>;
  return { logsIn, calls, groups };
}

describe('edge log retention', () => {
  const viewer = 'Handbook-production-Site-ViewerRequestFn-1A2B3C';
  const [group, validationErrors] = edgeLogGroupNames([viewer], 'EDFDVBD6EXAMPLE');

  test('sets the retention on the group in every region, creating it where Lambda has not yet', async () => {
    const { logsIn, groups } = fakeLogs({
      'eu-west-1': { [group]: undefined, [`${group}-other`]: undefined },
      'us-east-1': { [group]: 90 },
    });
    const result = await setEdgeLogRetention(
      logsIn,
      [group, validationErrors],
      ['us-east-1', 'eu-west-1', 'ap-south-1'],
      90,
    );
    assert.equal(group, '/aws/lambda/us-east-1.Handbook-production-Site-ViewerRequestFn-1A2B3C');
    assert.equal(validationErrors, '/aws/cloudfront/LambdaEdge/EDFDVBD6EXAMPLE');
    assert.deepEqual(result.changed, [
      `us-east-1 ${validationErrors}`,
      `eu-west-1 ${group}`,
      `eu-west-1 ${validationErrors}`,
      `ap-south-1 ${group}`,
      `ap-south-1 ${validationErrors}`,
    ]);
    for (const region of ['us-east-1', 'eu-west-1', 'ap-south-1']) {
      assert.equal(groups[region][group], 90, region);
      assert.equal(groups[region][validationErrors], 90, region);
    }
    assert.equal(groups['eu-west-1'][`${group}-other`], undefined, 'another function’s group is left alone');
  });

  test('a region the account has not enabled is reported and skipped; a group Lambda creates meanwhile is fine', async () => {
    const { logsIn, calls } = fakeLogs({}, ['ap-northeast-3']);
    const racing = (region: string) => {
      const logs = logsIn(region);
      return {
        send: async (command: unknown) => {
          if (command instanceof DescribeLogGroupsCommand) {
            const answer = await logs.send(command);
            // Lambda creates the group between the look-up and the create.
            await logs.send(new CreateLogGroupCommand({ logGroupName: group }));
            return answer;
          }
          return logs.send(command as never);
        },
      } as unknown as Pick<CloudWatchLogsClient, 'send'>;
    };
    const result = await setEdgeLogRetention(racing, [group], ['us-east-1', 'ap-northeast-3'], 30);
    assert.deepEqual(result.changed, [`us-east-1 ${group}`]);
    assert.match(result.skipped[0], /^ap-northeast-3 \(UnrecognizedClientException/);
    assert.ok(calls.includes(`us-east-1 retention ${group} 30`));
  });
});

describe('the Google client secret', () => {
  test('plain text is read whole; the console’s JSON by its key', () => {
    assert.equal(googleSecretJsonField('GOCSPX-abcdefghijklmnop', 'handbook/google'), undefined);
    assert.equal(googleSecretJsonField('{"client_secret":"GOCSPX-abc"}', 'handbook/google'), 'client_secret');
    assert.equal(googleSecretJsonField('{"anything":"GOCSPX-abc"}', 'handbook/google'), 'anything');
    assert.equal(
      googleSecretJsonField('{"client_id":"x.apps.googleusercontent.com","clientSecret":"GOCSPX"}', 's'),
      'clientSecret',
    );
  });

  test('JSON whose key cannot be told is refused by name, without the values', () => {
    assert.throws(
      () => googleSecretJsonField('{"a":"GOCSPX-one","b":"GOCSPX-two"}', 'handbook/google'),
      (error: Error) =>
        /handbook\/google is JSON with the keys a, b/.test(error.message) && !/GOCSPX/.test(error.message),
    );
  });
});

describe('key drift', () => {
  const jwks = (...kids: string[]) => ({ keys: kids.map((kid) => ({ kid, kty: 'RSA', n: 'x', e: 'AQAB' })) });
  test('names keys the pool signs with that the edge lacks, and keys the pool retired', () => {
    assert.deepEqual(keyDrift(jwks('a', 'b') as never, jwks('b', 'c') as never), {
      unknownToEdge: ['c'],
      retiredByPool: ['a'],
    });
    assert.deepEqual(keyDrift(jwks('a') as never, jwks('a') as never), { unknownToEdge: [], retiredByPool: [] });
  });
});

describe('the stored edge package', () => {
  const objects = new Map<string, string>();
  const bucket = {
    read: async (key: string) => objects.get(key) ?? null,
    write: async (key: string, text: string) => void objects.set(key, text),
  } as BucketStore;

  test('comes back byte for byte in another folder, and a package naming a path outside it is refused', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'handbook-edge-package-'));
    try {
      mkdirSync(path.join(dir, 'out', 'viewer-request'), { recursive: true });
      writeFileSync(path.join(dir, 'out', 'viewer-request', 'index.js'), 'exports.handler = 1;');
      writeFileSync(
        path.join(dir, 'out', 'viewer-request', 'manifest.json'),
        Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
      );
      const key = await storeEdgePackage(bucket, path.join(dir, 'out'));
      assert.match(key, new RegExp(`^${EDGE_PACKAGE_PREFIX}[0-9a-f]{16}\\.json$`));
      assert.equal(await storeEdgePackage(bucket, path.join(dir, 'out')), key, 'named by its content');
      await readEdgePackage(bucket, key, path.join(dir, 'back'));
      assert.equal(readFileSync(path.join(dir, 'back', 'viewer-request', 'index.js'), 'utf8'), 'exports.handler = 1;');
      assert.deepEqual(
        [...readFileSync(path.join(dir, 'back', 'viewer-request', 'manifest.json'))],
        [0xef, 0xbb, 0xbf, 0x7b, 0x7d],
      );

      objects.set(`${EDGE_PACKAGE_PREFIX}forged.json`, JSON.stringify({ '../escaped.js': 'eA==' }));
      await assert.rejects(
        readEdgePackage(bucket, `${EDGE_PACKAGE_PREFIX}forged.json`, path.join(dir, 'forged')),
        /outside its folder/,
      );
      await assert.rejects(
        readEdgePackage(bucket, `${EDGE_PACKAGE_PREFIX}missing.json`, path.join(dir, 'none')),
        /no edge package/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
