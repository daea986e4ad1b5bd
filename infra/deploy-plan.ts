/**
 * Which files a deploy uploads when, and which it deletes, so that no reader meets a broken page:
 * during and after a deploy, every page and asset that the live build or the new one names is
 * served, and a page removed from `docs/` is gone once the deploy that removed it ends.
 *
 * 1. stage: files at keys the bucket does not have yet (new hashed bundles, new pages). Nothing the
 *    live build serves names them, so uploading them changes nothing a reader sees.
 * 2. (the new edge functions go live everywhere; they trust the sign-in shell of both builds)
 * 3. publish: changed files at keys the live build also uses (pages, the sign-in page, the search
 *    index), which now name the staged files.
 * 4. prune: every key the new build lacks, except the live build's bundles: a tab opened on the
 *    live build still asks for those, so they go at the deploy after this one.
 */
import { PREVIEWS_SEGMENT } from '../core/preview';
import type { GateManifest } from '../gate/manifest';

/** Where a deploy records what it put live: a dot folder, which the gate never serves. */
export const LIVE_RECORD_KEY = '.gate/deploys/live.json';

/**
 * Bundler output with content-hashed names (Docusaurus's `assets/`, the sign-in shell's
 * `sign-in-assets/`): what an open tab of an older build may still fetch. Pages and every other
 * file answer at stable keys, so only these outlive the build that named them.
 */
export function isOpenTabAsset(key: string): boolean {
  return /^(assets|sign-in-assets)\//.test(key);
}

/**
 * A key a deploy or rollback may remove: not the records in `.gate/`, and not a pull request's
 * preview (infra/preview-flow.ts), which shares the bucket and is never touched by production.
 */
export function isBuildKey(key: string): boolean {
  return !key.startsWith('.gate/') && !key.startsWith(`${PREVIEWS_SEGMENT}/`);
}

/** One deployed build: what a rollback needs to put it back. */
export interface BuildRecord {
  /** Every file of the build, relative to the bucket's root. */
  files: string[];
  manifest: GateManifest;
  /** Each file's MD5, which names its S3 object version (the ETag) long after it is overwritten. */
  checksums?: Record<string, string>;
  /** The edge function version ARNs the distribution ran this build with, by event type. */
  edgeVersions?: Record<string, string>;
  /** The bucket key of this build's packaged edge functions (deploy-flow.ts `EDGE_PACKAGE_PREFIX`). */
  edgePackage?: string;
  /** Builds whose sign-in shell and inline scripts this build's edge functions also accept. */
  trusts?: string[];
  /** Names the build: the hash of its checksums. */
  id?: string;
  deployedAt?: string;
  deployedBy?: string;
}

/** The live build and, for `npm run rollback`, the one before it. */
export interface LiveRecord extends BuildRecord {
  previous?: BuildRecord | null;
}

interface DeployPlan {
  stage: string[];
  publish: string[];
  prune: string[];
}

/**
 * @param bucket every key in the bucket with its content's MD5 (S3's ETag for single-part,
 *   SSE-S3 objects)
 * @param next every file of the new build with its MD5
 */
export function planDeploy(
  bucket: ReadonlyMap<string, string>,
  next: ReadonlyMap<string, string>,
  live: Pick<BuildRecord, 'files'> | null,
): DeployPlan {
  const stage: string[] = [];
  const publish: string[] = [];
  const reserved = [...next.keys()].filter((key) => key.startsWith(`${PREVIEWS_SEGMENT}/`));
  if (reserved.length) {
    throw new Error(
      `The build has files under ${PREVIEWS_SEGMENT}/, where pull requests' previews live: ${reserved.join(', ')}`,
    );
  }
  for (const [key, md5] of next) {
    if (!bucket.has(key)) stage.push(key);
    else if (bucket.get(key) !== md5) publish.push(key);
  }
  const kept = new Set([...next.keys(), ...(live?.files ?? []).filter(isOpenTabAsset)]);
  const prune = [...bucket.keys()].filter((key) => !kept.has(key) && isBuildKey(key));
  return { stage: stage.sort(), publish: publish.sort(), prune: prune.sort() };
}
