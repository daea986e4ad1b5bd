/**
 * The CDK app: the identity stack always, the site stack once the edge functions are packaged
 * (they carry the pool's id and keys, so they exist only after the identity stack). cdk-nag's
 * AwsSolutions rules run on every synth; each suppression says why.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import type { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { EdgeManifest } from '../lambdas/edge/manifest';
import { stackNames } from './config';
import type { DeployConfig } from './config';
import { IdentityStack } from './identity-stack';
import { SiteStack } from './site-stack';

interface HandbookAppOptions {
  config: DeployConfig;
  /** Where readers reach the handbook: `https://<siteDomain>` or the distribution's own domain. */
  siteUrl: string;
  /** The packaged edge functions (`scripts/package-edge.ts`); without it, only the identity stack. */
  edgeDir?: string;
}

export function addHandbookStacks(app: App, { config, siteUrl, edgeDir }: HandbookAppOptions) {
  const env = { account: config.account, region: config.region };
  const names = stackNames(config);
  const identity = new IdentityStack(app, names.identity, {
    env,
    config,
    siteUrl,
    description: `Engineering Handbook readers (${config.environment})`,
  });
  const site = edgeDir
    ? new SiteStack(app, names.site, {
        env,
        config,
        edgeDir,
        edgeManifest: JSON.parse(
          readFileSync(path.join(edgeDir, 'viewer-request', 'manifest.json'), 'utf8'),
        ) as EdgeManifest,
        description: `Engineering Handbook site (${config.environment})`,
      })
    : undefined;
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { identity, site };
}

/** Before the first deploy without a custom domain the distribution's name is not known yet. */
export const PLACEHOLDER_SITE_URL = 'http://localhost';

export function siteUrlOf(config: DeployConfig, deployedSiteUrl?: string): string {
  return config.siteDomain ? `https://${config.siteDomain}` : (deployedSiteUrl ?? PLACEHOLDER_SITE_URL);
}
