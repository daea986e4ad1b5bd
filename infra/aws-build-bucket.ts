/**
 * The build bucket through the S3 API: the `BucketStore` the deploy, the rollback, the lock and the
 * previews use (deploy-flow.ts). One bucket, one client; credentials and region are the client's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  paginateListObjectsV2,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { contentType } from 'mime-types';
import type { BucketStore } from './cloud-port';

/** DeleteObjects takes at most 1,000 keys a request (S3 API Reference, DeleteObjects). */
export const DELETE_BATCH = 1000;

interface KeptKey {
  key: string;
  code: string;
  message: string;
}

/**
 * DeleteObjects answers 200 whatever happened to each key: a key it could not delete comes back in
 * `Errors` (its `Key`, `Code` and `Message`), and in quiet mode that list is all the answer holds
 * ("In quiet mode the response includes only keys where the delete operation encountered an
 * error", S3 API Reference, DeleteObjects). So a key left behind is a failure that names it.
 */
export class KeysKeptError extends Error {
  constructor(
    readonly bucket: string,
    readonly kept: readonly KeptKey[],
  ) {
    const shown = kept.slice(0, 10).map(({ key, code, message }) => `${key} (${code}: ${message})`);
    const more = kept.length > shown.length ? [`and ${kept.length - shown.length} more`] : [];
    super(`S3 did not delete ${kept.length} key(s) of ${bucket}: ${[...shown, ...more].join('; ')}`);
    this.name = 'KeysKeptError';
  }
}

/** 412 when the key exists; 409 when another conditional write on it is under way (S3, "Conditional writes"). */
const LOST_RACE = ['PreconditionFailed', 'ConditionalRequestConflict'];

/** With SSE-S3 and single-part uploads the ETag is the content's MD5 (S3, "Checking object integrity"), quoted. */
const md5Of = (etag: string | undefined) => (etag ?? '').replaceAll('"', '');

const nameOf = (error: unknown) => (error as Error).name;

export function s3BuildBucket(s3: S3Client, name: string): BucketStore {
  const putJson = (key: string, text: string, ifNoneMatch?: '*') =>
    s3.send(
      new PutObjectCommand({
        Bucket: name,
        Key: key,
        Body: text,
        ContentType: 'application/json',
        IfNoneMatch: ifNoneMatch,
      }),
    );
  return {
    async list(prefix) {
      const keys = new Map<string, string>();
      // The SDK's paginator follows NextContinuationToken to the last page (ListObjectsV2).
      for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket: name, Prefix: prefix })) {
        for (const object of page.Contents ?? []) keys.set(object.Key!, md5Of(object.ETag));
      }
      return keys;
    },
    async read(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: name, Key: key }));
        return (await object.Body?.transformToString('utf-8')) ?? null;
      } catch (error) {
        if (nameOf(error) === 'NoSuchKey') return null;
        throw error;
      }
    },
    async upload(key, file) {
      await s3.send(
        new PutObjectCommand({
          Bucket: name,
          Key: key,
          Body: readFileSync(file),
          ContentType: contentType(path.extname(file)) || 'application/octet-stream',
        }),
      );
    },
    async write(key, text) {
      await putJson(key, text);
    },
    async create(key, text) {
      try {
        const { VersionId = '' } = await putJson(key, text, '*');
        return VersionId;
      } catch (error) {
        if (LOST_RACE.includes(nameOf(error))) return null;
        throw error;
      }
    },
    async removeVersion(key, versionId) {
      // With a version id, DeleteObject removes that version for good and adds no delete marker.
      await s3.send(new DeleteObjectCommand({ Bucket: name, Key: key, VersionId: versionId }));
    },
    async currentVersion(key) {
      try {
        const { VersionId } = await s3.send(new HeadObjectCommand({ Bucket: name, Key: key }));
        return VersionId ?? null;
      } catch (error) {
        // HEAD has no body, so a missing key comes back as the bare status: `NotFound`.
        if (nameOf(error) === 'NotFound') return null;
        throw error;
      }
    },
    async versionOf(key, md5) {
      let keyMarker: string | undefined;
      let versionIdMarker: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectVersionsCommand({
            Bucket: name,
            Prefix: key,
            KeyMarker: keyMarker,
            VersionIdMarker: versionIdMarker,
          }),
        );
        // Versions of a key are listed newest first; the prefix also matches longer keys.
        const match = (page.Versions ?? []).find((version) => version.Key === key && md5Of(version.ETag) === md5);
        if (match?.VersionId) return match.VersionId;
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        versionIdMarker = page.NextVersionIdMarker;
      } while (keyMarker);
      return null;
    },
    async restore(key, versionId) {
      // CopySource is "bucket/key?versionId=…", URL-encoded (CopyObject).
      const source = `${name}/${key.split('/').map(encodeURIComponent).join('/')}?versionId=${encodeURIComponent(versionId)}`;
      await s3.send(new CopyObjectCommand({ Bucket: name, Key: key, CopySource: source }));
    },
    async remove(keys) {
      const kept: KeptKey[] = [];
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
        const { Errors = [] } = await s3.send(
          new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: batch, Quiet: true } }),
        );
        kept.push(
          ...Errors.map(({ Key = '', Code = '', Message = '' }) => ({ key: Key, code: Code, message: Message })),
        );
      }
      if (kept.length) throw new KeysKeptError(name, kept);
    },
  };
}
