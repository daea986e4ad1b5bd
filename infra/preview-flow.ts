/**
 * A pull request's preview on AWS (`npm run preview`, `npm run preview:remove`): the pull request's
 * build, with the base URL `/previews/<N>/` (core/preview.ts), uploaded under `previews/<N>/` of
 * production's bucket, where production's edge functions already serve it on the previews' own
 * distribution and host, never on production's (gate/preview-route.ts). Nothing else changes: no
 * stack, no function version, no distribution update, no production key, no production lock. Only
 * the previews distribution's copies of `/previews/<N>/*` are invalidated.
 */
import path from 'node:path';
import { pagesWithDottedRoutes } from '../gate/decide';
import { listBuildFiles, readPreviewManifest } from '../gate/manifest';
import type { GateManifest } from '../gate/manifest';
import { previewBaseUrl, previewKeyPrefix, previewOfKey, PREVIEWS_SEGMENT } from '../core/preview';
import { md5Of } from './deploy-flow';
import { readLive } from './live-record';
import type { BucketStore, SiteOutputs } from './cloud-port';

/** Where each preview's record is kept: a dot folder, never served, which production's deploy leaves alone. */
export const PREVIEW_RECORDS_PREFIX = '.gate/previews/';

export interface PreviewRecord {
  pullRequest: number;
  commit: string;
  updatedAt: string;
  files: number;
}

/**
 * What the preview flow may do in AWS: read-only on the stacks, and the previews' part of the
 * bucket. It builds nothing: the pull request was built by a job that holds no role, and its output
 * is only read here, as files to upload.
 */
export interface PreviewCloud {
  siteOutputs(): Promise<SiteOutputs | null>;
  bucket(name: string): BucketStore;
  /** Invalidates these paths and waits until CloudFront has done so. */
  invalidate(distributionId: string, paths: string[]): Promise<void>;
  log(line: string): void;
}

export type PreviewResult =
  | { status: 'published'; url: string; record: PreviewRecord }
  /** At the cap: the previews holding the places, oldest update first. */
  | { status: 'capped'; max: number; holders: PreviewRecord[] }
  /** The build could not run under production's edge as it is. */
  | { status: 'unfaithful'; reasons: string[] };

/** Files of the preview build the bucket gets: not the gate's dot folder, not a sign-in shell nobody serves. */
function publishedFiles(buildDir: string): string[] {
  return listBuildFiles(buildDir).filter(
    (file) => file !== 'sign-in.html' && !file.startsWith('sign-in-assets/') && file !== 'sitemap.xml',
  );
}

/**
 * Why production's edge would serve this build differently from how it was built: its inline scripts
 * must be ones production's Content Security Policy allows (the response headers policy is
 * production's), and it must sign in against production's pool.
 */
export function unfaithfulReasons(preview: GateManifest, live: GateManifest, liveBefore?: GateManifest): string[] {
  const allowed = new Set([...live.inlineScriptHashes, ...(liveBefore?.inlineScriptHashes ?? [])]);
  const blocked = preview.inlineScriptHashes.filter((hash) => !allowed.has(hash));
  const reasons: string[] = [];
  if (blocked.length) {
    reasons.push(
      `its pages have ${blocked.length} inline script(s) that production's Content Security Policy blocks; a change to the site's configuration, theme or scripts is seen only once deployed`,
    );
  }
  if (preview.auth.issuer !== live.auth.issuer || preview.auth.clientId !== live.auth.clientId) {
    reasons.push('it signs in against another user pool or app client than production');
  }
  return reasons;
}

export async function readPreviewRecords(bucket: BucketStore): Promise<PreviewRecord[]> {
  const keys = [...(await bucket.list(PREVIEW_RECORDS_PREFIX)).keys()];
  const records = await Promise.all(keys.map(async (key) => JSON.parse((await bucket.read(key)) ?? 'null')));
  return (records.filter(Boolean) as PreviewRecord[]).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
}

/** The pull request numbers that have files under `previews/`, recorded or not. */
async function numbersWithFiles(bucket: BucketStore): Promise<Map<number, number>> {
  const files = new Map<number, number>();
  for (const key of (await bucket.list(`${PREVIEWS_SEGMENT}/`)).keys()) {
    const preview = previewOfKey(key);
    if (preview) files.set(preview.pullRequest, (files.get(preview.pullRequest) ?? 0) + 1);
  }
  return files;
}

const recordKey = (pullRequest: number) => `${PREVIEW_RECORDS_PREFIX}${pullRequest}.json`;

type PreviewSite = SiteOutputs & Required<Pick<SiteOutputs, 'previewDistributionId' | 'previewUrl'>>;

async function liveSite(cloud: PreviewCloud): Promise<PreviewSite> {
  const site = await cloud.siteOutputs();
  if (!site) throw new Error('Production is not deployed yet: a preview lives beside it. Run `npm run deploy` first.');
  if (!site.previewDistributionId || !site.previewUrl) {
    throw new Error(
      'The site has no previews distribution: set previewDomain in the deploy config and run `npm run deploy` (infra/OPERATIONS.md, "Previews of pull requests").',
    );
  }
  return site as PreviewSite;
}

interface PreviewInput {
  /** Decided by the trusted job from GitHub's event, never read from the build. */
  pullRequest: number;
  commit: string;
  /** How many previews may exist at once. */
  max: number;
  /** The pull request's build, made by a job without the role: read as files, never run. */
  buildDir: string;
}

/** Creates or updates the preview of a pull request, uploading only under `previews/<N>/`. */
export async function publishPreview(
  cloud: PreviewCloud,
  { pullRequest, commit, max, buildDir }: PreviewInput,
): Promise<PreviewResult> {
  // A build for another number links its files under another preview's base URL.
  const manifest = readPreviewManifest(buildDir, pullRequest);
  const site = await liveSite(cloud);
  const bucket = cloud.bucket(site.bucketName);
  const records = await readPreviewRecords(bucket);
  const others = records.filter((record) => record.pullRequest !== pullRequest);
  if (others.length >= max) return { status: 'capped', max, holders: others };

  const live = await readLive(bucket);
  if (!live) throw new Error('Production has no live record: run `npm run deploy` first.');
  const reasons = unfaithfulReasons(manifest, live.manifest, live.previous?.manifest);
  if (reasons.length) return { status: 'unfaithful', reasons };
  // The record first: the sweep removes files without one, and must not take a preview mid-upload.
  const previous = records.find((record) => record.pullRequest === pullRequest);
  if (!previous) {
    const placeholder: PreviewRecord = { pullRequest, commit, updatedAt: new Date().toISOString(), files: 0 };
    await bucket.write(recordKey(pullRequest), JSON.stringify(placeholder));
  }

  const prefix = previewKeyPrefix(pullRequest);
  const files = publishedFiles(buildDir);
  // Production's edge knows a preview by its layout only: a page whose route looks like a file name
  // (`docs/python-3.12`) is stored under that route too (gate/decide.ts `siteByLayout`).
  const wanted = new Map(files.map((file) => [prefix + file, path.join(buildDir, file)]));
  for (const page of pagesWithDottedRoutes(files))
    wanted.set(prefix + page.slice(0, -'.html'.length), path.join(buildDir, page));
  const existing = await bucket.list(prefix);
  // Bundles, images and dotted routes before the `.html` pages linking them, so a reader of the
  // preview never meets a page whose scripts or links are not there yet.
  const isPage = (key: string) => key.endsWith('.html');
  const changed = [...wanted]
    .filter(([key, file]) => existing.get(key) !== md5Of(file))
    .sort(([a], [b]) => Number(isPage(a)) - Number(isPage(b)));
  for (const [key, file] of changed) await bucket.upload(key, file);
  const stale = [...existing.keys()].filter((key) => !wanted.has(key));
  await bucket.remove(stale);
  const record: PreviewRecord = { pullRequest, commit, updatedAt: new Date().toISOString(), files: wanted.size };
  await bucket.write(recordKey(pullRequest), JSON.stringify(record));
  cloud.log(`Preview ${pullRequest}: ${changed.length} files uploaded, ${stale.length} removed`);
  // CloudFront keeps pages for the cache policy's TTL (infra/edge-caching.ts); one wildcard path
  // counts as one path against the free 1,000 a month ("Paying for file invalidation").
  await cloud.invalidate(site.previewDistributionId, [`${previewBaseUrl(pullRequest)}*`]);
  return { status: 'published', url: `${site.previewUrl}${previewBaseUrl(pullRequest)}`, record };
}

export interface SweptPreview {
  pullRequest: number;
  files: number;
  why: 'closed' | 'no record';
}

/**
 * Removes every preview whose pull request GitHub says is no longer open, and every preview's files
 * that have no record (a publish that died, or keys written by hand): a `closed` event that never
 * ran (GitHub runs no `pull_request` workflow for a conflicted pull request) leaves nothing behind.
 */
export async function sweepPreviews(
  cloud: PreviewCloud,
  isOpen: (pullRequest: number) => Promise<boolean>,
): Promise<SweptPreview[]> {
  const site = await liveSite(cloud);
  const bucket = cloud.bucket(site.bucketName);
  const recorded = new Set((await readPreviewRecords(bucket)).map((record) => record.pullRequest));
  const withFiles = await numbersWithFiles(bucket);
  const swept: SweptPreview[] = [];
  for (const pullRequest of [...new Set([...recorded, ...withFiles.keys()])].sort((a, b) => a - b)) {
    const why = !recorded.has(pullRequest) ? 'no record' : (await isOpen(pullRequest)) ? null : 'closed';
    if (!why) continue;
    swept.push({ pullRequest, files: await removePreview(cloud, pullRequest), why });
  }
  return swept;
}

/** Removes the preview of a pull request: its files, its record, CloudFront's copies. Idempotent. */
export async function removePreview(cloud: PreviewCloud, pullRequest: number): Promise<number> {
  const site = await liveSite(cloud);
  const bucket = cloud.bucket(site.bucketName);
  const keys = [...(await bucket.list(previewKeyPrefix(pullRequest))).keys()];
  await bucket.remove([...keys, recordKey(pullRequest)]);
  await cloud.invalidate(site.previewDistributionId, [`${previewBaseUrl(pullRequest)}*`]);
  cloud.log(`Preview ${pullRequest}: ${keys.length} files removed`);
  return keys.length;
}
