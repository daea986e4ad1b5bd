/**
 * What `npm run deploy` and `npm run rollback` may do in AWS, written once: the deploy role the CDK
 * app creates for GitHub Actions (deploy-role-stack.ts) holds exactly these statements, and
 * `infra/OPERATIONS.md` shows them (`npx tsx infra/deploy-permissions.ts` rewrites its table; a test
 * fails when the two differ). `CALL_ACTIONS` maps every call the real cloud adapter makes
 * (aws-cloud.ts, and what it calls) to the IAM actions it needs; a test runs every method of that
 * adapter against recording clients and fails on a call missing here or an action no statement grants.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_CONFIG_FILE, readDeployConfig, stackNames } from './config';
import type { DeployConfig } from './config';

export interface PermissionScope {
  account: string;
  /** The region of the pool, the bucket and the site stack. */
  region: string;
  environment: string;
  googleClientSecretName: string;
}

export interface DeployStatement {
  sid: string;
  /** Why the deploy needs it, for the operator's guide. */
  why: string;
  actions: string[];
  resources: (scope: PermissionScope) => string[];
  /** Why a resource holds a wildcard: cdk-nag's IAM5 finding is acknowledged with it. */
  wildcard?: string;
}

/** CDK's default bootstrap qualifier: `cdk bootstrap` names its roles `cdk-hnb659fds-<role>-<account>-<region>`. */
const CDK_QUALIFIER = 'hnb659fds';

/** Stack-generated names start with the stack's name: the bucket lower-cased, the edge functions as is. */
const sitePrefix = (scope: PermissionScope) => stackNames(scope).site;

export const DEPLOY_STATEMENTS: DeployStatement[] = [
  {
    sid: 'CdkDeploy',
    why: 'cdk deploy of the identity, site and operations stacks, through the bootstrap roles (which CloudFormation uses)',
    actions: ['sts:AssumeRole'],
    resources: ({ account }) => [`arn:aws:iam::${account}:role/cdk-${CDK_QUALIFIER}-*-${account}-*`],
    wildcard:
      'The bootstrap roles of this account in its two regions (the site’s and us-east-1): deploy, file publishing and lookup.',
  },
  {
    sid: 'StackOutputs',
    why: 'read the stacks’ outputs (bucket, distribution, pool)',
    actions: ['cloudformation:DescribeStacks'],
    resources: (scope) => [
      `arn:aws:cloudformation:${scope.region}:${scope.account}:stack/Handbook-${scope.environment}-*/*`,
    ],
    wildcard: 'This environment’s stacks; a stack ARN ends in an id CloudFormation generates.',
  },
  {
    sid: 'GoogleSecretFormat',
    why: 'read the Google secret’s format (plain or JSON) for its dynamic reference; never printed',
    actions: ['secretsmanager:GetSecretValue'],
    // Secrets Manager appends a hyphen and six characters to a secret's ARN.
    resources: (scope) => [
      `arn:aws:secretsmanager:${scope.region}:${scope.account}:secret:${scope.googleClientSecretName}-??????`,
    ],
    wildcard: 'Secrets Manager appends six random characters to the secret’s name in its ARN.',
  },
  {
    sid: 'BuildBucketList',
    why: 'list the build bucket’s keys and object versions (rollback, revert, the lock)',
    actions: ['s3:ListBucket', 's3:ListBucketVersions'],
    resources: (scope) => [`arn:aws:s3:::${sitePrefix(scope).toLowerCase()}-build*`],
    wildcard: 'CloudFormation names the build bucket after the site stack with a generated suffix.',
  },
  {
    sid: 'BuildBucketObjects',
    why: 'upload, read, copy back from a version (rollback, revert) and delete files; delete the lock’s own version',
    actions: ['s3:GetObject', 's3:GetObjectVersion', 's3:PutObject', 's3:DeleteObject', 's3:DeleteObjectVersion'],
    resources: (scope) => [`arn:aws:s3:::${sitePrefix(scope).toLowerCase()}-build*/*`],
    wildcard: 'Every file of the build bucket, whose name CloudFormation generates.',
  },
  {
    sid: 'Distribution',
    why: 'read the distribution’s function versions; invalidate and wait for the invalidation',
    actions: ['cloudfront:GetDistributionConfig', 'cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'],
    // The distribution's id exists only after the first deploy, which this role makes.
    resources: ({ account }) => [`arn:aws:cloudfront::${account}:distribution/*`],
    wildcard: 'The distribution exists only after the first deploy, which this role makes; its id is generated.',
  },
  {
    sid: 'EdgeFunctionVersions',
    why: 'prune old edge function versions (Lambda@Edge functions live in us-east-1)',
    actions: ['lambda:ListVersionsByFunction', 'lambda:DeleteFunction'],
    resources: (scope) => [`arn:aws:lambda:us-east-1:${scope.account}:function:${sitePrefix(scope)}*`],
    wildcard:
      'The edge functions and their versions; CloudFormation names them after the site stack with a generated suffix.',
  },
  {
    sid: 'LogGroupNames',
    why: 'in every region of edgeLogRegions: look the edge log groups up by name (DescribeLogGroups authorizes on every group of the region)',
    actions: ['logs:DescribeLogGroups'],
    resources: ({ account }) => [`arn:aws:logs:*:${account}:log-group:*`],
    wildcard:
      'DescribeLogGroups lists a region’s groups; it is authorized on all of them, not on the prefix asked for.',
  },
  {
    sid: 'EdgeLogGroups',
    why: 'in every region of edgeLogRegions: create the edge log groups, set their retention, add the key-drift metric filter',
    actions: ['logs:CreateLogGroup', 'logs:PutRetentionPolicy', 'logs:PutMetricFilter'],
    resources: (scope) => [
      `arn:aws:logs:*:${scope.account}:log-group:/aws/lambda/us-east-1.${sitePrefix(scope)}*`,
      `arn:aws:logs:*:${scope.account}:log-group:/aws/cloudfront/LambdaEdge/*`,
    ],
    wildcard:
      'Lambda@Edge logs in every region that served a reader, to groups named after the generated function and distribution names.',
  },
  {
    sid: 'KeyDriftAlarms',
    why: 'in every region of edgeLogRegions: the key-drift alarm (key-drift-alarm.ts)',
    actions: ['cloudwatch:PutMetricAlarm'],
    resources: ({ account }) => [`arn:aws:cloudwatch:*:${account}:alarm:Handbook-*-KeyDrift`],
    wildcard: 'One alarm per region of edgeLogRegions, named after the generated distribution id.',
  },
];

/**
 * The IAM actions each call of the deploy and rollback needs (Service Authorization Reference):
 * `<client>:<command>` for an SDK call, `cli:<command>` for a spawned command.
 */
export const CALL_ACTIONS: Record<string, string[]> = {
  'cli:cdk deploy': ['sts:AssumeRole'],
  'cli:docusaurus build': [],
  'CloudFormationClient:DescribeStacksCommand': ['cloudformation:DescribeStacks'],
  'SecretsManagerClient:GetSecretValueCommand': ['secretsmanager:GetSecretValue'],
  'S3Client:ListObjectsV2Command': ['s3:ListBucket'],
  'S3Client:ListObjectVersionsCommand': ['s3:ListBucketVersions'],
  'S3Client:GetObjectCommand': ['s3:GetObject'],
  'S3Client:HeadObjectCommand': ['s3:GetObject'],
  'S3Client:PutObjectCommand': ['s3:PutObject'],
  // CopyObject reads the source (a version: s3:GetObjectVersion) and writes the destination.
  'S3Client:CopyObjectCommand': ['s3:GetObjectVersion', 's3:PutObject'],
  'S3Client:DeleteObjectsCommand': ['s3:DeleteObject'],
  // With a version id, DeleteObject needs s3:DeleteObjectVersion.
  'S3Client:DeleteObjectCommand': ['s3:DeleteObjectVersion'],
  'CloudFrontClient:GetDistributionConfigCommand': ['cloudfront:GetDistributionConfig'],
  'CloudFrontClient:CreateInvalidationCommand': ['cloudfront:CreateInvalidation'],
  // waitUntilInvalidationCompleted polls GetInvalidation.
  'CloudFrontClient:GetInvalidationCommand': ['cloudfront:GetInvalidation'],
  'LambdaClient:ListVersionsByFunctionCommand': ['lambda:ListVersionsByFunction'],
  'LambdaClient:DeleteFunctionCommand': ['lambda:DeleteFunction'],
  'CloudWatchLogsClient:DescribeLogGroupsCommand': ['logs:DescribeLogGroups'],
  'CloudWatchLogsClient:CreateLogGroupCommand': ['logs:CreateLogGroup'],
  'CloudWatchLogsClient:PutRetentionPolicyCommand': ['logs:PutRetentionPolicy'],
  'CloudWatchLogsClient:PutMetricFilterCommand': ['logs:PutMetricFilter'],
  'CloudWatchClient:PutMetricAlarmCommand': ['cloudwatch:PutMetricAlarm'],
};

export function scopeOf(config: DeployConfig): PermissionScope {
  const { account, region, environment, googleClientSecretName } = config;
  return { account, region, environment, googleClientSecretName };
}

/** The statements as the guide shows them, for the example configuration's scope. */
export function permissionsTable(scope: PermissionScope): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| Statement | Actions | Resources | Why |',
    '| --- | --- | --- | --- |',
    ...DEPLOY_STATEMENTS.map(({ sid, why, actions, resources }) =>
      [
        sid,
        actions.map((action) => `\`${action}\``).join(', '),
        resources(scope)
          .map((resource) => `\`${resource}\``)
          .join(', '),
        cell(why),
      ].join(' | '),
    ).map((row) => `| ${row} |`),
  ].join('\n');
}

export const OPERATIONS_GUIDE = path.join(__dirname, 'OPERATIONS.md');
const START = '<!-- deploy-permissions:start (generated by npx tsx infra/deploy-permissions.ts) -->';
const END = '<!-- deploy-permissions:end -->';

/** The guide with its permissions table replaced by `table`; throws if the guide lacks the markers. */
export function withPermissionsTable(guide: string, table: string): string {
  const start = guide.indexOf(START);
  const end = guide.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${OPERATIONS_GUIDE} lacks the lines ${START} and ${END}`);
  return `${guide.slice(0, start + START.length)}\n\n${table}\n\n${guide.slice(end)}`;
}

if (require.main === module) {
  const table = permissionsTable(scopeOf(readDeployConfig(EXAMPLE_CONFIG_FILE)));
  writeFileSync(OPERATIONS_GUIDE, withPermissionsTable(readFileSync(OPERATIONS_GUIDE, 'utf8'), table));
  console.log(`Wrote the deploy role's permissions into ${path.relative(process.cwd(), OPERATIONS_GUIDE)}`);
}
