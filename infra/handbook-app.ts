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
import { DeployRoleStack } from './deploy-role-stack';
import { GITHUB_OIDC_REGION, GITHUB_OIDC_STACK, GitHubOidcStack } from './github-oidc-stack';
import { OperationsStack } from './operations-stack';
import type { PinnedEdgeVersions } from './edge-versions';
import { IdentityStack } from './identity-stack';
import { SiteStack } from './site-stack';

export interface HandbookAppOptions {
  config: DeployConfig;
  /** Where readers reach the handbook: `https://<siteDomain>` or the distribution's own domain. */
  siteUrl: string;
  /** The packaged edge functions (`lambdas/package-edge.ts`); without it, only the identity stack. */
  edgeDir?: string;
  /** A rollback's existing function versions, associated instead of the packaged code's. */
  pinnedEdgeVersions?: PinnedEdgeVersions;
  /** The JSON key of the Google client secret, when it is stored as JSON (google-secret.ts). */
  googleClientSecretField?: string;
  /** The deployed distribution: with it, the operations stack (in us-east-1). */
  distributionId?: string;
}

export function addHandbookStacks(app: App, options: HandbookAppOptions) {
  const { config, siteUrl, edgeDir, distributionId } = options;
  const env = { account: config.account, region: config.region };
  const names = stackNames(config);
  const identity = new IdentityStack(app, names.identity, {
    env,
    config,
    siteUrl,
    googleClientSecretField: options.googleClientSecretField,
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
        pinnedEdgeVersions: options.pinnedEdgeVersions,
        description: `Engineering Handbook site (${config.environment})`,
      })
    : undefined;
  const operations = distributionId
    ? new OperationsStack(app, names.operations, {
        env: { account: config.account, region: 'us-east-1' },
        distributionId,
        alarmEmail: config.alarmEmail,
        accessLogRetentionDays: config.accessLogRetentionDays,
        description: `Engineering Handbook access log and alarms (${config.environment})`,
      })
    : undefined;
  // GitHub's OIDC provider, once per account, unless the config names one made elsewhere; every
  // stack holding a role GitHub assumes depends on it, so `cdk deploy` of either creates it first.
  const githubOidc =
    config.githubRepository && !config.githubOidcProviderArn
      ? new GitHubOidcStack(app, GITHUB_OIDC_STACK, {
          // IAM is global, a stack is regional: one region for every environment of the account, or
          // a second environment elsewhere would try to create the provider again.
          env: { account: config.account, region: GITHUB_OIDC_REGION },
          description: 'GitHub Actions OIDC provider of this account (Engineering Handbook; retained on delete)',
        })
      : undefined;
  // GitHub Actions' deploy role, deployed once by an operator
  // (`npx cdk deploy Handbook-<environment>-GitHubDeploy`, infra/OPERATIONS.md).
  const deployRole = config.githubRepository
    ? new DeployRoleStack(app, names.deployRole, {
        env,
        config,
        description: `Engineering Handbook deploys from GitHub Actions (${config.environment})`,
      })
    : undefined;
  if (githubOidc) {
    deployRole?.addStackDependency(githubOidc);
    if (site && config.maxPreviews > 0) site.addStackDependency(githubOidc, 'the preview role names the provider');
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { identity, site, operations, deployRole, githubOidc };
}

/** Before the first deploy without a custom domain the distribution's name is not known yet. */
export const PLACEHOLDER_SITE_URL = 'http://localhost';

export function siteUrlOf(config: DeployConfig, deployedSiteUrl?: string): string {
  return config.siteDomain ? `https://${config.siteDomain}` : (deployedSiteUrl ?? PLACEHOLDER_SITE_URL);
}
