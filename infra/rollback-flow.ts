/**
 * `npm run rollback`: puts the previous live build and its edge function versions back, in one
 * run, with a deploy's guarantee that no reader of either build meets a missing page or asset.
 * Nothing is rebuilt: each file comes back from the bucket's own object versions (its MD5 is in the
 * live record), the function versions are the ones CloudFormation retained, and the site stack is
 * redeployed with the packaged functions stored at that deploy.
 *
 * The order depends on whose edge functions accept whose pages: a deploy packages functions that
 * accept the build before it too, so going back one deploy, the live functions accept the previous
 * build's pages, which are restored first and the functions switched after; going forward again
 * (a second rollback), it is the other way round.
 */
import { withDeployLock } from './deploy-lock';
import { isBuildKey, isOpenTabAsset, LIVE_RECORD_KEY } from './deploy-plan';
import type { BuildRecord, LiveRecord } from './deploy-plan';
import { afterCare } from './after-care';
import { readLive, unusedEdgePackages, withoutPrevious } from './live-record';
import type { BucketStore, HandbookCloud } from './cloud-port';
import { readEdgePackage } from './edge-package';

export class RollbackError extends Error {
  readonly readersSee = 'The live build, unchanged.';

  constructor(message: string) {
    super(`${message}\nNothing was changed.`);
    this.name = 'RollbackError';
  }
}

const EITHER_BUILD = 'Every page of either build is served meanwhile.';

interface Restore {
  key: string;
  versionId: string;
}

/** Every file of `target` that differs from the bucket, with the object version holding its content. */
async function restoresFor(bucket: BucketStore, target: Required<Pick<BuildRecord, 'files' | 'checksums'>>) {
  const current = await bucket.list();
  const staged: Restore[] = [];
  const published: Restore[] = [];
  const missing: string[] = [];
  for (const key of target.files) {
    const md5 = target.checksums[key];
    if (current.get(key) === md5) continue;
    const versionId = await bucket.versionOf(key, md5);
    if (!versionId) missing.push(key);
    else (current.has(key) ? published : staged).push({ key, versionId });
  }
  if (missing.length) {
    throw new RollbackError(
      `The bucket no longer holds ${missing.length} file(s) of the previous build (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}). Deploy the previous commit instead.`,
    );
  }
  return { staged, published, current };
}

function rollbackTarget(live: LiveRecord | null) {
  const target = live?.previous;
  if (!live || !target) throw new RollbackError('There is no previous build to roll back to (one deploy so far).');
  const { checksums, edgeVersions, edgePackage } = target;
  if (!checksums || !edgeVersions || !edgePackage || !live.id || !target.id) {
    throw new RollbackError(
      'The previous build was deployed by a version of `npm run deploy` that did not record what a rollback needs. Deploy the previous commit instead.',
    );
  }
  return { live: { ...live, id: live.id }, target: { ...target, id: target.id, checksums, edgeVersions, edgePackage } };
}

/** Rolls back to the previous build; returns the handbook's URL. */
export async function rollbackHandbook(cloud: HandbookCloud, edgeDir: string): Promise<string> {
  const site = await cloud.siteOutputs();
  if (!site) throw new RollbackError('The site stack is not deployed.');
  const bucket = cloud.bucket(site.bucketName);
  return withDeployLock(cloud, bucket, 'rollback', async () => {
    const { live, target } = rollbackTarget(await readLive(bucket));
    const { staged, published, current } = await restoresFor(bucket, target);
    const liveAcceptsTarget = live.trusts?.includes(target.id) ?? false;
    if (!liveAcceptsTarget && !target.trusts?.includes(live.id)) {
      throw new RollbackError(
        'Neither build’s edge functions accept the other’s pages. Deploy the previous commit instead.',
      );
    }
    await readEdgePackage(bucket, target.edgePackage, edgeDir);
    cloud.log(`Rolling back to the build deployed ${target.deployedAt ?? ''} by ${target.deployedBy ?? 'unknown'}`);

    const restore = async (files: Restore[]) => {
      for (const { key, versionId } of files) await bucket.restore(key, versionId);
    };
    const switchFunctions = () => cloud.deploySite(site.siteUrl, edgeDir, target.edgeVersions);
    // Pages stay an hour in the edge caches (edge-caching.ts): the moment the previous build's files
    // are back, the caches are emptied, so readers stop getting the build rolled back from at once
    // rather than after the function switch, which takes up to about 15 minutes.
    const restoreChanged = async () => {
      await restore(published);
      cloud.log('Emptying the edge caches: readers get the restored files from now on');
      await cloud.invalidateAll(site.distributionId);
    };
    try {
      cloud.log(`Restoring ${staged.length} files the live build lacks`);
      await restore(staged);
      if (liveAcceptsTarget) {
        cloud.log(`Restoring ${published.length} changed files, then the previous edge functions`);
        await restoreChanged();
        await switchFunctions();
      } else {
        cloud.log(`Switching to the previous edge functions, then restoring ${published.length} changed files`);
        await switchFunctions();
        await restoreChanged();
      }
    } catch (error) {
      const stopped = new Error(
        [
          `The rollback stopped: ${(error as Error).message}`,
          `${EITHER_BUILD} Fix the cause and run \`npm run rollback\` again: it resumes where it stopped.`,
        ].join('\n'),
        { cause: error },
      );
      throw Object.assign(stopped, { readersSee: EITHER_BUILD });
    }

    const record: LiveRecord = { ...target, previous: withoutPrevious(live) };
    const kept = new Set([...target.files, ...live.files.filter(isOpenTabAsset)]);
    const removed = [...current.keys()].filter((key) => !kept.has(key) && isBuildKey(key));
    cloud.log(`Removing ${removed.length} files the previous build does not have (the live build's bundles stay)`);
    await bucket.remove([...removed, ...unusedEdgePackages(current.keys(), record)]);
    await bucket.write(LIVE_RECORD_KEY, JSON.stringify(record));
    await cloud.invalidateAll(site.distributionId);
    // The previews' origin serves production's sign-in shell too: its copy of the newer one goes.
    if (site.previewDistributionId) await cloud.invalidateAll(site.previewDistributionId);
    await afterCare(cloud, site, record, edgeDir);
    return site.siteUrl;
  });
}
