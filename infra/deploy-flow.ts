/**
 * `npm run deploy`'s procedure, in the order that keeps every reader served (see deploy-plan.ts),
 * over the few operations it needs from AWS (`HandbookCloud`; `aws-cloud.ts` is the real one).
 * Idempotent: a second run with nothing changed uploads nothing and deletes nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { listBuildFiles, readManifest } from '../gate/manifest';
import { packageEdge } from '../scripts/package-edge';
import type { DeployConfig } from './config';
import { PLACEHOLDER_SITE_URL, siteUrlOf } from './handbook-app';
import { LIVE_RECORD_KEY, planDeploy } from './deploy-plan';
import type { LiveRecord } from './deploy-plan';

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
}

export interface BucketStore {
  /** Every key with its content's MD5. */
  list(): Promise<Map<string, string>>;
  read(key: string): Promise<string | null>;
  upload(key: string, file: string): Promise<void>;
  write(key: string, text: string): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface HandbookCloud {
  /** The site stack's outputs, or null before its first deploy. */
  siteOutputs(): Promise<SiteOutputs | null>;
  deployIdentity(siteUrl: string): Promise<IdentityOutputs>;
  /** Builds the site with these variables; returns the build folder. */
  build(env: Record<string, string>): Promise<string>;
  fetchJwks(uri: string): Promise<Jwks>;
  /** Deploys the site stack and waits until the distribution serves the new functions everywhere. */
  deploySite(siteUrl: string, edgeDir: string): Promise<SiteOutputs>;
  bucket(name: string): BucketStore;
  /** Invalidates every path and waits for it to complete. */
  invalidateAll(distributionId: string): Promise<void>;
  log(line: string): void;
}

/** The build's variables for the deployed pool (amplify-config.ts reads them). */
function buildEnvironment(config: DeployConfig, identity: IdentityOutputs, siteUrl: string) {
  const signIn = `${siteUrl}/sign-in`;
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
  };
}

function md5Of(file: string): string {
  return createHash('md5').update(readFileSync(file)).digest('hex');
}

async function readLive(bucket: BucketStore): Promise<LiveRecord | null> {
  const text = await bucket.read(LIVE_RECORD_KEY);
  return text ? (JSON.parse(text) as LiveRecord) : null;
}

/**
 * One pass: identity, build, edge package, files and functions in the safe order. Without
 * `publish` only the stacks are deployed: the bucket stays as it was and readers see nothing new.
 */
async function deployOnce(
  cloud: HandbookCloud,
  config: DeployConfig,
  siteUrl: string,
  edgeDir: string,
  { publish }: { publish: boolean },
) {
  const identity = await cloud.deployIdentity(siteUrl);
  cloud.log(`Identity: pool ${identity.userPoolId}, client ${identity.userPoolClientId}`);
  const buildDir = await cloud.build(buildEnvironment(config, identity, siteUrl));
  const manifest = readManifest(buildDir);
  const files = listBuildFiles(buildDir);
  const next = new Map(files.map((file) => [file, md5Of(path.join(buildDir, file))]));

  const existing = await cloud.siteOutputs();
  const bucketBefore = existing ? cloud.bucket(existing.bucketName) : null;
  const live = bucketBefore ? await readLive(bucketBefore) : null;
  const jwks = await cloud.fetchJwks(manifest.auth.jwksUri);
  await packageEdge({ buildDir, outDir: edgeDir, jwks, previous: live?.manifest });

  if (!publish) return cloud.deploySite(siteUrl, edgeDir);

  const upload = async (bucket: BucketStore, keys: string[]) => {
    for (const key of keys) await bucket.upload(key, path.join(buildDir, key));
  };
  let plan = bucketBefore ? planDeploy(await bucketBefore.list(), next, live) : null;
  if (bucketBefore && plan) {
    cloud.log(`Staging ${plan.stage.length} new files`);
    await upload(bucketBefore, plan.stage);
  }
  const site = await cloud.deploySite(siteUrl, edgeDir);
  const bucket = cloud.bucket(site.bucketName);
  if (!plan) {
    plan = planDeploy(await bucket.list(), next, live);
    await upload(bucket, plan.stage);
  }
  cloud.log(`Publishing ${plan.publish.length} changed files`);
  await upload(bucket, plan.publish);
  await bucket.write(LIVE_RECORD_KEY, JSON.stringify({ files, manifest } satisfies LiveRecord));
  await cloud.invalidateAll(site.distributionId);
  cloud.log(`Pruning ${plan.prune.length} files of the build before the live one`);
  await bucket.remove(plan.prune);
  return site;
}

/**
 * Without a custom domain readers use the distribution's `*.cloudfront.net` name, whose certificate
 * CloudFront serves with TLSv1 as the minimum protocol whatever the distribution asks for
 * (CloudFront, "Supported protocols and ciphers between viewers and CloudFront": the default
 * certificate's security policy is TLSv1). A deploy like that must be asked for by name.
 */
export const ACCEPT_TLS_1_0_FLAG = '--accept-tls-1.0-on-cloudfront-domain';

export class TlsFloorError extends Error {
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

/** Deploys everything; returns the handbook's URL. */
export async function deployHandbook(
  cloud: HandbookCloud,
  config: DeployConfig,
  edgeDir: string,
  options: DeployOptions = {},
): Promise<string> {
  if (!config.siteDomain && !options.acceptTls10) throw new TlsFloorError();
  let siteUrl = siteUrlOf(config, (await cloud.siteOutputs())?.siteUrl);
  if (siteUrl === PLACEHOLDER_SITE_URL) {
    // The first deploy without a custom domain: the distribution's name is known only once it
    // exists, and the app client's callback and the build's redirect URLs must name it. A first
    // pass creates the stacks, with no hosted sign-in on the client (identity-stack.ts) and nothing
    // in the bucket, so sign-in never points at the placeholder; the second pass publishes.
    const created = await deployOnce(cloud, config, siteUrl, edgeDir, { publish: false });
    siteUrl = created.siteUrl;
    cloud.log(`The distribution is ${siteUrl}: deploying again with its sign-in route`);
  }
  return (await deployOnce(cloud, config, siteUrl, edgeDir, { publish: true })).siteUrl;
}
