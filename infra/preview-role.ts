/**
 * The role the preview workflow's trusted jobs assume through GitHub's OIDC provider, and only what
 * the preview flow calls (infra/preview-flow.ts). No job that runs a pull request's code holds it:
 * the pull request is built in a job without it (.github/workflows/preview-build.yml), and
 * published, removed and swept by jobs that run the base branch's code only (preview.yml).
 *
 * - Trust: jobs of the GitHub environment `preview`, whose `sub` is
 *   `repo:<owner>/<name>:environment:preview` in the subject format the repository's tokens carry
 *   (github-subject.ts builds it, as for the deploy role) ("OpenID Connect reference", subject claims: a job
 *   that names an environment gets that subject whatever its event), and `aud` is
 *   `sts.amazonaws.com` ("Configuring OpenID Connect in Amazon Web Services"). The environment's
 *   deployment branches are the default branch only (infra/OPERATIONS.md), so a job a pull request
 *   adds, whose ref is `refs/pull/<N>/merge`, is refused the environment and never gets the token.
 * - S3: writes and deletes only under `previews/` and the preview records (`.gate/previews/`), reads
 *   only the records and the live record (whose manifest the faithful-preview check compares);
 *   listing only with an `s3:prefix` under those ("Amazon S3 condition key examples", `s3:prefix`).
 * - CloudFront: `CreateInvalidation` and `GetInvalidation` on the previews distribution only. IAM
 *   cannot limit an invalidation's paths; the worst the role can do there is empty the previews' caches.
 * - CloudFormation: `DescribeStacks` on the identity and site stacks, for their outputs.
 * The OIDC provider exists once per account (github-oidc-stack.ts, or made by hand and named in the
 * config); it is referred to by its ARN, which is fixed for an account.
 */
import { Arn, CfnOutput, Duration, Validations } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { PREVIEWS_SEGMENT } from '../core/preview';
import { LIVE_RECORD_KEY } from './deploy-plan';
import { githubOidcProviderArn } from './github-oidc-stack';
import { githubSubject, githubTrustConditions } from './github-subject';
import type { GitHubSubjectFields } from './github-subject';
import { PREVIEW_RECORDS_PREFIX } from './preview-flow';

/** The GitHub environment of the jobs that hold the preview role (.github/workflows/preview.yml). */
export const PREVIEW_ENVIRONMENT = 'preview';

interface PreviewRoleProps {
  /** The deploy config's GitHub fields: whose pull request runs the role trusts. */
  github: GitHubSubjectFields;
  bucket: s3.IBucket;
  /** The previews distribution: the only one the role may invalidate. */
  distributionId: string;
  stackNames: string[];
}

export function addPreviewRole(stack: Stack, props: PreviewRoleProps): iam.Role {
  const provider = iam.OpenIdConnectProvider.fromOpenIdConnectProviderArn(
    stack,
    'GitHubOidc',
    githubOidcProviderArn({ account: stack.account, githubOidcProviderArn: props.github.githubOidcProviderArn }),
  );
  const role = new iam.Role(stack, 'PreviewRole', {
    description: `Previews for ${githubSubject(props.github, { environment: PREVIEW_ENVIRONMENT })}: previews/ of the bucket and the previews distribution only`,
    maxSessionDuration: Duration.hours(1),
    assumedBy: new iam.OpenIdConnectPrincipal(
      provider,
      githubTrustConditions(props.github, { environment: PREVIEW_ENVIRONMENT }),
    ),
  });
  const prefixes = [`${PREVIEWS_SEGMENT}/`, PREVIEW_RECORDS_PREFIX];
  role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['s3:PutObject', 's3:DeleteObject'],
      resources: prefixes.map((prefix) => props.bucket.arnForObjects(`${prefix}*`)),
    }),
  );
  role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['s3:GetObject'],
      resources: [
        props.bucket.arnForObjects(`${PREVIEW_RECORDS_PREFIX}*`),
        props.bucket.arnForObjects(LIVE_RECORD_KEY),
      ],
    }),
  );
  role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [props.bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': prefixes.map((prefix) => `${prefix}*`) } },
    }),
  );
  role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'],
      resources: [
        Arn.format(
          { service: 'cloudfront', region: '', resource: 'distribution', resourceName: props.distributionId },
          stack,
        ),
      ],
    }),
  );
  role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['cloudformation:DescribeStacks'],
      resources: props.stackNames.map((name) =>
        Arn.format({ service: 'cloudformation', resource: 'stack', resourceName: `${name}/*` }, stack),
      ),
    }),
  );
  // cdk-nag's IAM5 findings, each a wildcard that names no more than it must: the objects under the
  // two preview prefixes, and a stack ARN, which ends in the stack's id (CloudFormation's ARN format).
  const bucketArn = `<${stack.getLogicalId(props.bucket.node.defaultChild as s3.CfnBucket)}.Arn>`;
  for (const prefix of prefixes) {
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${bucketArn}/${prefix}*]`,
      reason: `Previews write only under ${prefix} of the bucket; production's keys are outside it.`,
    });
  }
  for (const name of props.stackNames) {
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cloudformation:${stack.region}:${stack.account}:stack/${name}/*]`,
      reason: 'A stack ARN ends in its id, unknown before the stack exists; DescribeStacks of this one stack.',
    });
  }
  new CfnOutput(stack, 'PreviewRoleArn', { value: role.roleArn });
  return role;
}
