/**
 * GitHub's OIDC provider in IAM, which every role GitHub Actions assumes names as its principal.
 * An account holds one provider per issuer URL ("You cannot register the same provider multiple
 * times in a single AWS account", CDK `OidcProviderNative`), and IAM wants it to exist before a role
 * names it ("Create a role for OpenID Connect federation", Prerequisites). So it lives in a stack of
 * the account, `Handbook-GitHubOidc`, not of an environment: the deploy role's stack and the site
 * stack (the preview role) depend on it, so the first `npm run deploy` (or `cdk deploy` of the role)
 * creates it before any role, and later ones find it unchanged. It is retained when the stack goes,
 * and `npm run destroy` deletes only the environment's stacks (destroy.ts), so no other
 * environment's or team's roles lose it. An account that already has the provider names it in the
 * deploy config (`githubOidcProviderArn`): then no such stack exists. IAM checks GitHub's TLS
 * certificate against its own trusted CAs, so no thumbprint is given (IAM User Guide, "Create an
 * OpenID Connect (OIDC) identity provider in IAM").
 */
import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { DeployConfig } from './config';
import { GITHUB_OIDC_AUDIENCE, GITHUB_OIDC_ISSUER } from './github-subject';

export const GITHUB_OIDC_STACK = 'Handbook-GitHubOidc';
/** Where the provider's stack lives for every environment: us-east-1, which every deploy bootstraps anyway. */
export const GITHUB_OIDC_REGION = 'us-east-1';

/** The provider's ARN, which IAM fixes by account and issuer: the one the config names, or this account's. */
export function githubOidcProviderArn(config: Pick<DeployConfig, 'account' | 'githubOidcProviderArn'>): string {
  return config.githubOidcProviderArn ?? `arn:aws:iam::${config.account}:oidc-provider/${GITHUB_OIDC_ISSUER}`;
}

export class GitHubOidcStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    const provider = new iam.OidcProviderNative(this, 'GitHub', {
      url: `https://${GITHUB_OIDC_ISSUER}`,
      clientIds: [GITHUB_OIDC_AUDIENCE],
    });
    provider.applyRemovalPolicy(RemovalPolicy.RETAIN);
    new CfnOutput(this, 'ProviderArn', { value: provider.oidcProviderArn });
  }
}
