/**
 * One deploy or rollback at a time: each takes `.gate/deploys/lock` in the bucket with an S3
 * conditional write (`If-None-Match: *`, which S3 refuses with 412 when the key exists: "Conditional
 * writes", Amazon S3 User Guide), so two runs (CI and a laptop) cannot interleave their uploads and
 * deletions. The lock names who holds it; a run that dies leaves it, and `npm run unlock` removes it.
 *
 * The bucket is versioned, where a plain delete leaves a delete marker as the key's current
 * version, and S3 documents nothing about how `If-None-Match: *` treats a key whose current version
 * is a marker. So the lock is released by deleting the version it wrote, which removes the key
 * outright ("Deleting object versions from a versioning-enabled bucket": a DELETE with a version id
 * permanently deletes that version and adds no marker).
 */
import { hostname, userInfo } from 'node:os';
import type { BucketStore } from './cloud-port';

export const LOCK_KEY = '.gate/deploys/lock';

interface LockHolder {
  by: string;
  command: string;
  since: string;
  pid: number;
}

export class DeployLockedError extends Error {
  /** The lock is taken before anything changes. */
  readonly readersSee = 'What the run holding the lock leaves them: this run changed nothing.';

  constructor(holder: LockHolder | null) {
    const who = holder
      ? `${holder.by} (${holder.command}, process ${holder.pid}, since ${holder.since})`
      : 'another run (the lock could not be read)';
    super(
      [
        `Another deploy or rollback is running: the lock is held by ${who}.`,
        'Wait for it to finish. If that run is dead (its terminal closed, its CI job cancelled), remove the lock with `npm run unlock` and run again.',
      ].join('\n'),
    );
    this.name = 'DeployLockedError';
  }
}

/** `user@host` of this process: who deploys, for the lock and the live record. */
export function localOperator(): string {
  return `${process.env.GITHUB_ACTOR ?? userInfo().username}@${hostname()}`;
}

export async function withDeployLock<T>(
  who: { operator(): string; log(line: string): void },
  bucket: BucketStore,
  command: string,
  run: () => Promise<T>,
): Promise<T> {
  const holder: LockHolder = { by: who.operator(), command, since: new Date().toISOString(), pid: process.pid };
  const version = await bucket.create(LOCK_KEY, JSON.stringify(holder));
  if (version === null) {
    const text = await bucket.read(LOCK_KEY);
    throw new DeployLockedError(text ? (JSON.parse(text) as LockHolder) : null);
  }
  let result: T;
  try {
    result = await run();
  } catch (error) {
    // The run's own error is the one to report, even if releasing the lock fails too.
    await releaseLock(bucket, version).catch(() => {});
    throw error;
  }
  await releaseLock(bucket, version);
  return result;
}

/** Deletes the lock's version (`version`, or the current one), leaving no delete marker behind. */
export async function releaseLock(bucket: BucketStore, version?: string): Promise<void> {
  const versionId = version ?? (await bucket.currentVersion(LOCK_KEY));
  if (versionId) await bucket.removeVersion(LOCK_KEY, versionId);
  else await bucket.remove([LOCK_KEY]);
}
