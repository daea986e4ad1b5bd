/**
 * What the deploy, the rollback and the previews need from AWS, as interfaces: `aws-cloud.ts` and
 * `aws-preview-cloud.ts` are the real ones, the tests' fake cloud another. Types only, so that an
 * adapter and the flows that use it import this and not each other.
 */
import type { Jwks } from 'aws-jwt-verify/jwk';

export interface IdentityOutputs {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  hostedSignInDomain: string;
}

export interface SiteOutputs {
  bucketName: string;
  distributionId: string;
  siteUrl: string;
  /** The previews' own distribution and address (`previewDomain`); absent without previews. */
  previewDistributionId?: string;
  previewUrl?: string;
}

/** The edge function version ARNs a distribution runs, by event type (`viewer-request`, …). */
export type EdgeVersions = Record<string, string>;

export interface BucketStore {
  /** Every key (under `prefix`, if given) with its content's MD5. */
  list(prefix?: string): Promise<Map<string, string>>;
  read(key: string): Promise<string | null>;
  upload(key: string, file: string): Promise<void>;
  write(key: string, text: string): Promise<void>;
  /**
   * Writes only if the key does not exist yet (S3 conditional write); returns the version written
   * (`''` in a bucket without versioning), or null if the key exists.
   */
  create(key: string, text: string): Promise<string | null>;
  remove(keys: string[]): Promise<void>;
  /** Deletes one stored version of `key` for good: in a versioned bucket, no delete marker is left. */
  removeVersion(key: string, versionId: string): Promise<void>;
  /** The version id of the current content of `key`, or null when it has none. */
  currentVersion(key: string): Promise<string | null>;
  /** The newest stored version of `key` whose content has this MD5, or null (the bucket is versioned). */
  versionOf(key: string, md5: string): Promise<string | null>;
  /** Makes that stored version the current content of `key` again. */
  restore(key: string, versionId: string): Promise<void>;
}

export interface HandbookCloud {
  /** The site stack's outputs, or null before its first deploy. */
  siteOutputs(): Promise<SiteOutputs | null>;
  deployIdentity(siteUrl: string): Promise<IdentityOutputs>;
  /** Builds the site with these variables; returns the build folder. */
  build(env: Record<string, string>): Promise<string>;
  fetchJwks(uri: string): Promise<Jwks>;
  /**
   * Deploys the site stack and waits until the distribution serves its functions everywhere:
   * the packaged ones, or the existing versions `pinned` names (a rollback).
   */
  deploySite(siteUrl: string, edgeDir: string, pinned?: EdgeVersions): Promise<SiteOutputs>;
  /** The function versions the distribution is associated with now. */
  edgeVersions(distributionId: string): Promise<EdgeVersions>;
  bucket(name: string): BucketStore;
  /** Invalidates every path and waits for it to complete. */
  invalidateAll(distributionId: string): Promise<void>;
  /** The operations stack for this distribution: access log and alarms (operations-stack.ts); synthesized with `edgeDir`. */
  deployOperations(site: SiteOutputs, edgeDir: string): Promise<void>;
  /** Retention on the edge's log groups in every region (edge-logs.ts). */
  setEdgeLogRetention(site: SiteOutputs, edgeVersions: EdgeVersions): Promise<void>;
  /** Deletes edge function versions other than `keep` and the newest few (edge-version-prune.ts). */
  pruneEdgeVersions(keep: string[]): Promise<void>;
  log(line: string): void;
  /** Who runs this command, for the lock and the live record. */
  operator(): string;
}
