/**
 * The role GitHub Actions deploys (and rolls back) with: no stored AWS keys; a job gets short-lived
 * credentials by presenting GitHub's OIDC token to STS (AssumeRoleWithWebIdentity). The trust names
 * one repository and its deploy environment, or its branch, exactly, never a wildcard, in the
 * subject format the repository's tokens carry (github-subject.ts). The permissions are
 * deploy-permissions.ts's.
 */
import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { DeployConfig } from './config';
import { DEPLOY_STATEMENTS, scopeOf } from './deploy-permissions';
import type { DeployStatement } from './deploy-permissions';
import { githubOidcProviderArn } from './github-oidc-stack';
import { githubSubject, githubTrustConditions } from './github-subject';
import type { SubjectContext } from './github-subject';

/** The jobs that may deploy: the environment's, or the branch's. */
export function deployJobs(config: Pick<DeployConfig, 'githubBranch' | 'githubEnvironment'>): SubjectContext {
  return config.githubEnvironment ? { environment: config.githubEnvironment } : { branch: config.githubBranch };
}

function wildcardReason(statement: DeployStatement): string {
  if (!statement.wildcard)
    throw new Error(`deploy-permissions.ts: ${statement.sid} has a wildcard and no reason for it`);
  return statement.wildcard;
}

/** A deploy waits for CloudFormation twice (up to about 15 minutes each): an hour's session is too short. */
export const DEPLOY_SESSION = Duration.hours(2);

export class DeployRoleStack extends Stack {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: StackProps & { config: DeployConfig }) {
    super(scope, id, props);
    const { config } = props;
    // The account's provider (github-oidc-stack.ts), by its ARN, which IAM fixes by account and issuer.
    const provider = iam.OidcProviderNative.fromOidcProviderArn(this, 'GitHub', githubOidcProviderArn(config));
    this.role = new iam.Role(this, 'Deploy', {
      description: `Deploys the Engineering Handbook (${config.environment}) from ${githubSubject(config, deployJobs(config))}`,
      assumedBy: new iam.WebIdentityPrincipal(
        provider.oidcProviderArn,
        githubTrustConditions(config, deployJobs(config)),
      ),
      maxSessionDuration: DEPLOY_SESSION,
    });
    const permissionScope = scopeOf(config);
    for (const statement of DEPLOY_STATEMENTS) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          sid: statement.sid,
          actions: statement.actions,
          resources: statement.resources(permissionScope),
        }),
      );
      for (const resource of statement.resources(permissionScope).filter((arn) => arn.includes('*'))) {
        Validations.of(this.role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${resource}]`,
          reason: wildcardReason(statement),
        });
      }
    }
    new CfnOutput(this, 'RoleArn', {
      value: this.role.roleArn,
      description: 'The repository variable AWS_DEPLOY_ROLE_ARN (infra/OPERATIONS.md, "Deploying from GitHub")',
    });
  }
}
