/**
 * Which files a deploy uploads when, and which it deletes, so that no reader meets a broken page:
 * during and after a deploy, every page and asset that the live build or the new one names is
 * served, and nothing the live build names is deleted until the deploy after next.
 *
 * 1. stage: files at keys the bucket does not have yet (new hashed bundles, new pages). Nothing the
 *    live build serves names them, so uploading them changes nothing a reader sees.
 * 2. (the new edge functions go live everywhere; they trust the sign-in shell of both builds)
 * 3. publish: changed files at keys the live build also uses (pages, the sign-in page, the search
 *    index), which now name the staged files.
 * 4. prune: keys neither build names: the build before the live one.
 */
import type { GateManifest } from '../gate/manifest';

/** Where a deploy records what it put live: a dot folder, which the gate never serves. */
export const LIVE_RECORD_KEY = '.gate/deploys/live.json';

export interface LiveRecord {
  /** Every file of the build, relative to the bucket's root. */
  files: string[];
  manifest: GateManifest;
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
  live: LiveRecord | null,
): DeployPlan {
  const stage: string[] = [];
  const publish: string[] = [];
  for (const [key, md5] of next) {
    if (!bucket.has(key)) stage.push(key);
    else if (bucket.get(key) !== md5) publish.push(key);
  }
  const kept = new Set([...next.keys(), ...(live?.files ?? [])]);
  const prune = [...bucket.keys()].filter((key) => !kept.has(key) && !key.startsWith('.gate/'));
  return { stage: stage.sort(), publish: publish.sort(), prune: prune.sort() };
}
