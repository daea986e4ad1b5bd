/**
 * `npm run deploy`'s procedure, in the order that keeps every reader served (see deploy-plan.ts),
 * over the few operations it needs from AWS (`HandbookCloud` in cloud-port.ts; `aws-cloud.ts` is the real one).
 * Idempotent: a second run with nothing changed uploads nothing and deletes nothing. One deploy
 * (or rollback) at a time: the bucket holds a lock (deploy-lock.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listBuildFiles, readManifest } from '../gate/manifest';
import { packageEdge } from '../lambdas/package-edge';
import { SIGN_IN_PATH } from '../core/sign-in-route';
import type { DeployConfig } from './config';
import { afterCare } from './after-care';
import type { BucketStore, HandbookCloud, IdentityOutputs, SiteOutputs } from './cloud-port';
import { CACHED, PUBLISHED, step, SWITCHED, UNCHANGED } from './deploy-failure';
import { DeployStepError } from './deploy-failure';
import { withDeployLock } from './deploy-lock';
import { readLive, unusedEdgePackages, withoutPrevious } from './live-record';
import { LIVE_RECORD_KEY, planDeploy } from './deploy-plan';
import type { LiveRecord } from './deploy-plan';
import { storeEdgePackage } from './edge-package';
import { PLACEHOLDER_SITE_URL, siteUrlOf } from './handbook-app';
import { pageChanges } from './page-changes';
import type { PageChanges } from './page-changes';
import { PASSWORD_MFA_VARIABLE } from '../core/password-mfa';

/** The build's variables for the deployed pool (core/amplify-config.ts reads them). */
export function buildEnvironment(config: DeployConfig, identity: IdentityOutputs, siteUrl: string) {
  // Production's sign-in shell is also the previews' origin's (gate/preview-route.ts): Amplify picks
  // the redirect URL whose host is the page's, so the list names both origins.
  const signIn = [siteUrl, ...(config.previewDomain ? [`https://${config.previewDomain}`] : [])]
    .map((origin) => `${origin}${SIGN_IN_PATH}`)
    .join(',');
  return {
    HANDBOOK_AUTH: 'cognito',
    HANDBOOK_URL: siteUrl,
    HANDBOOK_REPO_URL: config.repositoryUrl,
    HANDBOOK_AUTH_REGION: identity.region,
    HANDBOOK_AUTH_USER_POOL_ID: identity.userPoolId,
    HANDBOOK_AUTH_USER_POOL_CLIENT_ID: identity.userPoolClientId,
    HANDBOOK_AUTH_OAUTH_DOMAIN: identity.hostedSignInDomain,
    HANDBOOK_AUTH_REDIRECT_SIGN_IN: signIn,
    HANDBOOK_AUTH_REDIRECT_SIGN_OUT: signIn,
    HANDBOOK_AUTH_READER_GROUP: config.readerGroup,
    // The sign-in page carries the QR-code library only when TOTP can be set up.
    [PASSWORD_MFA_VARIABLE]: config.passwordAccountMfa,
  };
}

/** A file's MD5, as S3 gives it for a plain upload's ETag. */
export function md5Of(file: string): string {
  return createHash('md5').update(readFileSync(file)).digest('hex');
}

/** A build's name: the hash of its files and their contents. */
export function buildIdOf(checksums: Record<string, string>): string {
  const lines = Object.keys(checksums)
    .sort()
    .map((key) => `${key} ${checksums[key]}`);
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
}

const REVERTED =
  "The live site's pages are as they were: the files already published were put back from their previous versions. The new edge functions, which accept both builds, are live.";

/** Puts back the live build's content of `keys` from the bucket's object versions; false if it cannot. */
async function revert(bucket: BucketStore, keys: string[], live: LiveRecord | null): Promise<boolean> {
  for (const key of [...keys].reverse()) {
    const md5 = live?.checksums?.[key];
    const versionId = md5 ? await bucket.versionOf(key, md5) : null;
    if (!versionId) return false;
    await bucket.restore(key, versionId);
  }
  return true;
}

/**
 * Uploads the changed files; when one fails, those already published are put back, so the pages
 * readers get are the live build's again (the new functions accept both).
 */
async function publish(bucket: BucketStore, keys: string[], buildDir: string, live: LiveRecord | null) {
  const published: string[] = [];
  try {
    for (const key of keys) {
      await bucket.upload(key, path.join(buildDir, key));
      published.push(key);
    }
  } catch (error) {
    const reverted = await revert(bucket, published, live).catch(() => false);
    throw new DeployStepError('publishing changed files', reverted ? REVERTED : SWITCHED, error);
  }
}

/**
 * One pass: identity, build, edge package, files and functions in the safe order. Without
 * `withFiles` only the stacks are deployed: the bucket stays as it was and readers see nothing new.
 */
async function deployOnce(
  cloud: HandbookCloud,
  config: DeployConfig,
  siteUrl: string,
  edgeDir: string,
  { withFiles }: { withFiles: boolean },
): Promise<{ site: SiteOutputs; record: LiveRecord | null; live?: LiveRecord | null }> {
  const identity = await step('deploying the identity stack', UNCHANGED, () => cloud.deployIdentity(siteUrl));
  cloud.log(`Identity: pool ${identity.userPoolId}, client ${identity.userPoolClientId}`);
  const buildDir = await step('building the site', UNCHANGED, () =>
    cloud.build(buildEnvironment(config, identity, siteUrl)),
  );
  const manifest = readManifest(buildDir);
  const files = listBuildFiles(buildDir);
  const checksums = Object.fromEntries(files.map((file) => [file, md5Of(path.join(buildDir, file))]));
  const next = new Map(Object.entries(checksums));
  const id = buildIdOf(checksums);

  const existing = await cloud.siteOutputs();
  const bucketBefore = existing ? cloud.bucket(existing.bucketName) : null;
  const live = bucketBefore ? await readLive(bucketBefore) : null;
  // The new functions accept the live build's pages too; redeploying the live build, they accept
  // the one before it, as the live functions do, so a rollback can still go back to it.
  const accepted = live?.id === id ? (live.previous ?? null) : live;
  await step('packaging the edge functions with the pool’s keys', UNCHANGED, async () => {
    const jwks = await cloud.fetchJwks(manifest.auth.jwksUri);
    await packageEdge({
      buildDir,
      outDir: edgeDir,
      jwks,
      previous: accepted?.manifest ?? live?.manifest,
      previewHost: config.previewDomain,
      siteHost: config.siteDomain,
    });
  });

  if (!withFiles) {
    const site = await step('deploying the stacks', UNCHANGED, () => cloud.deploySite(siteUrl, edgeDir));
    return { site, record: null };
  }

  const upload = async (bucket: BucketStore, keys: string[]) => {
    for (const key of keys) await bucket.upload(key, path.join(buildDir, key));
  };
  let plan = bucketBefore ? planDeploy(await bucketBefore.list(), next, live) : null;
  if (bucketBefore && plan) {
    cloud.log(`Staging ${plan.stage.length} new files`);
    await step('staging new files', UNCHANGED, () => upload(bucketBefore, plan!.stage));
  }
  const site = await step('deploying the site stack (CloudFormation rolls it back by itself)', UNCHANGED, () =>
    cloud.deploySite(siteUrl, edgeDir),
  );
  const bucket = cloud.bucket(site.bucketName);
  const edgePackage = await step('storing the edge package', SWITCHED, () => storeEdgePackage(bucket, edgeDir));
  if (!plan) {
    const bucketNow = await bucket.list();
    plan = planDeploy(bucketNow, next, live);
    await step('staging new files', SWITCHED, () => upload(bucket, plan!.stage));
  }
  cloud.log(`Publishing ${plan.publish.length} changed files`);
  await publish(bucket, plan.publish, buildDir, live);
  const edgeVersions = await step('reading the live function versions', PUBLISHED, () =>
    cloud.edgeVersions(site.distributionId),
  );
  const record: LiveRecord = {
    files,
    manifest,
    checksums,
    edgeVersions,
    edgePackage,
    trusts: [id, ...(accepted?.id ? [accepted.id] : [])],
    id,
    deployedAt: new Date().toISOString(),
    deployedBy: cloud.operator(),
    previous: accepted ? withoutPrevious(accepted) : null,
  };
  // Removed pages go now, before the invalidation, so no cache can keep one; only the live build's
  // bundles stay, for tabs still open on it.
  const prune = [...plan.prune, ...unusedEdgePackages((await bucket.list()).keys(), record)];
  cloud.log(`Removing ${plan.prune.length} files the new build does not have (the live build's bundles stay)`);
  await step('removing old files', PUBLISHED, () => bucket.remove(prune));
  await step('recording the live build', PUBLISHED, () => bucket.write(LIVE_RECORD_KEY, JSON.stringify(record)));
  await step('emptying the edge caches', CACHED, async () => {
    await cloud.invalidateAll(site.distributionId);
    // The previews' origin serves production's sign-in shell: its copy goes too.
    if (site.previewDistributionId) await cloud.invalidateAll(site.previewDistributionId);
  });
  return { site, record, live };
}

/**
 * Without a custom domain readers use the distribution's `*.cloudfront.net` name, whose certificate
 * CloudFront serves with TLSv1 as the minimum protocol whatever the distribution asks for
 * (CloudFront, "Supported protocols and ciphers between viewers and CloudFront": the default
 * certificate's security policy is TLSv1). A deploy like that must be asked for by name.
 */
export const ACCEPT_TLS_1_0_FLAG = '--accept-tls-1.0-on-cloudfront-domain';

export class TlsFloorError extends Error {
  readonly readersSee = 'The live site, unchanged: the deploy did not start.';

  constructor() {
    super(
      [
        'The deploy configuration names no siteDomain: readers would reach the handbook on *.cloudfront.net,',
        'where CloudFront still accepts TLS 1.0. Give siteDomain and certificateArn, or, for a throwaway',
        `environment, run \`npm run deploy -- ${ACCEPT_TLS_1_0_FLAG}\`.`,
      ].join('\n'),
    );
    this.name = 'TlsFloorError';
  }
}

export interface DeployOptions {
  /** The operator accepts TLS 1.0 on the distribution's own domain (no `siteDomain`). */
  acceptTls10?: boolean;
}

export interface DeployResult {
  /** The handbook's URL. */
  url: string;
  /** The pages this deploy added, changed and removed, against the build live before it. */
  pages: PageChanges;
}

/** Deploys everything. */
export async function deployHandbook(
  cloud: HandbookCloud,
  config: DeployConfig,
  edgeDir: string,
  options: DeployOptions = {},
): Promise<DeployResult> {
  if (!config.siteDomain && !options.acceptTls10) throw new TlsFloorError();
  const existing = await cloud.siteOutputs();
  const deploy = async () => {
    let siteUrl = siteUrlOf(config, existing?.siteUrl);
    if (siteUrl === PLACEHOLDER_SITE_URL) {
      // The first deploy without a custom domain: the distribution's name is known only once it
      // exists, and the app client's callback and the build's redirect URLs must name it. A first
      // pass creates the stacks, with no hosted sign-in on the client (identity-stack.ts) and nothing
      // in the bucket, so sign-in never points at the placeholder; the second pass publishes.
      const created = await deployOnce(cloud, config, siteUrl, edgeDir, { withFiles: false });
      siteUrl = created.site.siteUrl;
      cloud.log(`The distribution is ${siteUrl}: deploying again with its sign-in route`);
    }
    const { site, record, live } = await deployOnce(cloud, config, siteUrl, edgeDir, { withFiles: true });
    await afterCare(cloud, site, record!, edgeDir);
    return { url: site.siteUrl, pages: pageChanges(live?.checksums ?? null, record!.checksums!) };
  };
  // Before the first deploy there is no bucket to hold a lock; CloudFormation refuses a second
  // update of a stack that is being created or updated.
  return existing ? withDeployLock(cloud, cloud.bucket(existing.bucketName), 'deploy', deploy) : deploy();
}
