/**
 * The S3 adapter of the build bucket (aws-build-bucket.ts) against a stubbed S3 client
 * (aws-sdk-client-mock), answering in the shapes S3's API documents: pages followed to the end, ETags
 * as MD5s, the lock's conditional write, and S3's errors told apart by name, never by message.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { DeleteObjectsCommandOutput } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { DELETE_BATCH, KeysKeptError, s3BuildBucket } from '../aws-build-bucket';

const BUCKET = 'handbook-production-site-build1a2b3c-4d5e6f';
const s3 = mockClient(S3Client);
const bucket = s3BuildBucket(new S3Client({ region: 'us-east-1' }), BUCKET);
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const root = mkdtempSync(path.join(tmpdir(), 'handbook-s3-'));

/** An S3 error as the SDK throws it: its name is the error code; the message is free text. */
const s3Error = (name: string, status: number, message = `${name} (${status})`) =>
  new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status }, message });

beforeEach(() => s3.reset());
after(() => {
  s3.restore();
  rmSync(root, { recursive: true, force: true });
});

describe('listing the bucket', () => {
  test('follows every page and keeps each key’s ETag as its content’s MD5, without quotes', async () => {
    // Copies of each request: the SDK's paginator reuses one input and sets its token page after page.
    const requests: { Bucket?: string; ContinuationToken?: string }[] = [];
    s3.on(ListObjectsV2Command).callsFake((input: { Bucket?: string; ContinuationToken?: string }) => {
      requests.push({ ...input });
      return input.ContinuationToken === undefined
        ? { Contents: [{ Key: 'index.html', ETag: `"${md5('a')}"` }], IsTruncated: true, NextContinuationToken: 't2' }
        : { Contents: [{ Key: 'docs/x.html', ETag: `"${md5('b')}"` }], IsTruncated: false };
    });
    const keys = await bucket.list('');
    assert.deepEqual(
      [...keys],
      [
        ['index.html', md5('a')],
        ['docs/x.html', md5('b')],
      ],
    );
    assert.deepEqual(
      requests.map(({ Bucket, ContinuationToken }) => [Bucket, ContinuationToken]),
      [
        [BUCKET, undefined],
        [BUCKET, 't2'],
      ],
    );
  });

  test('an empty bucket is an empty map', async () => {
    s3.on(ListObjectsV2Command).resolves({ KeyCount: 0, IsTruncated: false });
    assert.equal((await bucket.list('previews/')).size, 0);
    assert.equal(s3.commandCalls(ListObjectsV2Command)[0].args[0].input.Prefix, 'previews/');
  });
});

describe('reading and writing', () => {
  test('read gives the text, or null for NoSuchKey; any other error stops', async () => {
    s3.on(GetObjectCommand, { Key: 'live.json' }).resolves({
      Body: { transformToString: async () => '{"build":"b1"}' } as never,
    });
    s3.on(GetObjectCommand, { Key: 'gone.json' }).rejects(new NoSuchKey({ $metadata: {}, message: 'whatever' }));
    s3.on(GetObjectCommand, { Key: 'denied.json' }).rejects(
      s3Error('AccessDenied', 403, 'The specified key does not exist.'),
    );
    assert.equal(await bucket.read('live.json'), '{"build":"b1"}');
    assert.equal(await bucket.read('gone.json'), null);
    await assert.rejects(bucket.read('denied.json'), { name: 'AccessDenied' }, 'matched by name, not by message');
  });

  test('upload sends the file with the content type of its extension; write sends JSON', async () => {
    s3.on(PutObjectCommand).resolves({});
    const file = path.join(root, 'page.html');
    writeFileSync(file, '<p>hello</p>');
    await bucket.upload('docs/page.html', file);
    const unknown = path.join(root, 'blob.unknownext');
    writeFileSync(unknown, 'x');
    await bucket.upload('blob.unknownext', unknown);
    await bucket.write('.gate/deploys/live.json', '{}');
    const puts = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    assert.equal(puts[0].ContentType, 'text/html; charset=utf-8');
    assert.equal(String(puts[0].Body), '<p>hello</p>');
    assert.equal(puts[1].ContentType, 'application/octet-stream');
    assert.deepEqual(
      { ...puts[2], Bucket: undefined },
      {
        Bucket: undefined,
        Key: '.gate/deploys/live.json',
        Body: '{}',
        ContentType: 'application/json',
        IfNoneMatch: undefined,
      },
    );
  });
});

describe('the lock’s conditional write', () => {
  test('create writes only if the key is absent (If-None-Match: *) and returns the new version', async () => {
    s3.on(PutObjectCommand).resolves({ VersionId: 'v7' });
    assert.equal(await bucket.create('.gate/deploys/lock', '{"by":"ci"}'), 'v7');
    assert.equal(s3.commandCalls(PutObjectCommand)[0].args[0].input.IfNoneMatch, '*');
  });

  for (const [name, status] of [
    ['PreconditionFailed', 412],
    ['ConditionalRequestConflict', 409],
  ] as const) {
    test(`create answers null when S3 refuses with ${name} (${status}): someone else holds the lock`, async () => {
      s3.on(PutObjectCommand).rejects(
        s3Error(name, status, 'At least one of the pre-conditions you specified did not hold'),
      );
      assert.equal(await bucket.create('.gate/deploys/lock', '{}'), null);
    });
  }

  test('create passes on any other error, even one whose message speaks of preconditions', async () => {
    s3.on(PutObjectCommand).rejects(s3Error('SlowDown', 503, 'PreconditionFailed'));
    await assert.rejects(bucket.create('.gate/deploys/lock', '{}'), { name: 'SlowDown' });
  });

  test('removeVersion deletes exactly that version, so no delete marker is left', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    await bucket.removeVersion('.gate/deploys/lock', 'v7');
    assert.deepEqual(s3.commandCalls(DeleteObjectCommand)[0].args[0].input, {
      Bucket: BUCKET,
      Key: '.gate/deploys/lock',
      VersionId: 'v7',
    });
  });

  test('currentVersion: the head’s version id, null on NotFound, any other error stops', async () => {
    s3.on(HeadObjectCommand, { Key: 'held' }).resolves({ VersionId: 'v7' });
    s3.on(HeadObjectCommand, { Key: 'free' }).rejects(s3Error('NotFound', 404, 'UnknownError'));
    s3.on(HeadObjectCommand, { Key: 'denied' }).rejects(s3Error('Forbidden', 403, 'NotFound'));
    assert.equal(await bucket.currentVersion('held'), 'v7');
    assert.equal(await bucket.currentVersion('free'), null);
    await assert.rejects(bucket.currentVersion('denied'), { name: 'Forbidden' });
  });
});

describe('versions, for rollbacks', () => {
  test('versionOf finds the newest version of exactly that key with that MD5, across pages', async () => {
    s3.on(ListObjectVersionsCommand).callsFake(({ KeyMarker }: { KeyMarker?: string }) =>
      KeyMarker === undefined
        ? {
            Versions: [
              { Key: 'index.html', VersionId: 'v9', ETag: `"${md5('new')}"` },
              { Key: 'index.html.bak', VersionId: 'b1', ETag: `"${md5('old')}"` },
            ],
            IsTruncated: true,
            NextKeyMarker: 'index.html',
            NextVersionIdMarker: 'v9',
          }
        : {
            Versions: [
              { Key: 'index.html', VersionId: 'v4', ETag: `"${md5('old')}"` },
              { Key: 'index.html', VersionId: 'v2', ETag: `"${md5('old')}"` },
            ],
            IsTruncated: false,
          },
    );
    assert.equal(await bucket.versionOf('index.html', md5('old')), 'v4');
    const second = s3.commandCalls(ListObjectVersionsCommand)[1].args[0].input;
    assert.deepEqual([second.KeyMarker, second.VersionIdMarker], ['index.html', 'v9']);
    s3.resetHistory();
    assert.equal(await bucket.versionOf('index.html', md5('never')), null);
    assert.equal(s3.commandCalls(ListObjectVersionsCommand).length, 2, 'stops after the last page');
  });

  test('restore copies the version onto its key, the source URL-encoded', async () => {
    s3.on(CopyObjectCommand).resolves({});
    await bucket.restore('docs/a b/ü.html', 'v1+/=');
    assert.deepEqual(s3.commandCalls(CopyObjectCommand)[0].args[0].input, {
      Bucket: BUCKET,
      Key: 'docs/a b/ü.html',
      CopySource: `${BUCKET}/docs/a%20b/%C3%BC.html?versionId=v1%2B%2F%3D`,
    });
  });
});

const deleteAnswers = documentedShape<{
  allDeletedQuiet: DeleteObjectsCommandOutput;
  oneKeptQuiet: DeleteObjectsCommandOutput;
  oneKeptVerbose: DeleteObjectsCommandOutput;
}>('s3-delete-objects');

describe('removing', () => {
  test('a key S3 kept (200 with Errors) fails the removal, naming it, after every batch was sent', async () => {
    s3.on(DeleteObjectsCommand).resolvesOnce(deleteAnswers.oneKeptQuiet).resolvesOnce(deleteAnswers.allDeletedQuiet);
    const keys = ['sample2.txt', ...Array.from({ length: DELETE_BATCH }, (_, index) => `old/${index}.html`)];
    await assert.rejects(bucket.remove(keys), (error: Error) => {
      assert.ok(error instanceof KeysKeptError);
      assert.equal(error.message, `S3 did not delete 1 key(s) of ${BUCKET}: sample2.txt (AccessDenied: Access Denied)`);
      return true;
    });
    assert.equal(s3.commandCalls(DeleteObjectsCommand).length, 2);
    s3.reset();
    s3.on(DeleteObjectsCommand).resolves(deleteAnswers.oneKeptVerbose);
    await assert.rejects(bucket.remove(['sample1.txt', 'sample2.txt']), /sample2\.txt \(AccessDenied/);
  });

  test(`deletes in batches of ${DELETE_BATCH}, quietly, and sends nothing for no keys`, async () => {
    s3.on(DeleteObjectsCommand).resolves(deleteAnswers.allDeletedQuiet);
    await bucket.remove([]);
    assert.equal(s3.commandCalls(DeleteObjectsCommand).length, 0);
    const keys = Array.from({ length: 2 * DELETE_BATCH + 1 }, (_, index) => `old/${index}.html`);
    await bucket.remove(keys);
    const batches = s3.commandCalls(DeleteObjectsCommand).map((call) => call.args[0].input.Delete!);
    assert.deepEqual(
      batches.map((batch) => batch.Objects!.length),
      [DELETE_BATCH, DELETE_BATCH, 1],
    );
    assert.ok(batches.every((batch) => batch.Quiet));
    assert.deepEqual(
      batches.flatMap((batch) => batch.Objects!.map((object) => object.Key)),
      keys,
    );
  });
});
