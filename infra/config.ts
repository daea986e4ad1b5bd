/**
 * The deploy configuration: one JSON file (`deploy.config.json`, or the file HANDBOOK_DEPLOY_CONFIG
 * names; `infra/deploy.config.example.json` documents every field), validated whole, so one run
 * names every wrong field. Pure: reading the file is the caller's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_EDGE_LOG_REGIONS, LOG_RETENTION_DAYS } from './edge-logs';
import { GITHUB_FIELDS, githubProblems } from './github-config';
import type { SubjectFormat } from './github-subject';
import { passwordAccountMfaProblem } from '../core/password-mfa';
import { wafRateLimitProblem } from './rate-limit';
import type { PasswordAccountMfa } from '../core/password-mfa';

export interface DeployConfig {
  /** Names the stacks and the app client: `Handbook-<environment>-Identity`, `-Site`. */
  environment: string;
  account: string;
  /** Where the user pool, the bucket and the distribution's stack live. */
  region: string;
  /** The handbook's own host name; without it, readers use the distribution's `*.cloudfront.net` name. */
  siteDomain?: string;
  /** An ACM certificate in us-east-1 covering `siteDomain` (CloudFront requires us-east-1), and `previewDomain` when given. */
  certificateArn?: string;
  /**
   * The previews' own host name, e.g. `previews.handbook.example.com`: pull request previews are
   * served there by a second distribution, never on `siteDomain` (infra/OPERATIONS.md, "Previews of
   * pull requests"). Without it there are no previews.
   */
  previewDomain?: string;
  /** The Cognito hosted sign-in domain prefix: `<prefix>.auth.<region>.amazoncognito.com`. */
  authDomainPrefix: string;
  /** Google accounts of these domains may be created on first sign-in; reading needs the group too. */
  allowedEmailDomains: string[];
  /** The Cognito group an administrator puts readers in; the gate admits no one outside it. */
  readerGroup: string;
  googleClientId: string;
  /** The Secrets Manager secret holding Google's client secret; its value never enters the repo or a template. */
  googleClientSecretName: string;
  repositoryUrl: string;
  /** How long CloudFront's access logs are kept, in days. */
  accessLogRetentionDays: number;
  /** How long the edge functions' logs (the readers' access log) are kept in every region, in days (default 90). */
  edgeLogRetentionDays: number;
  /** The regions whose edge log groups get that retention (default: every region enabled by default). */
  edgeLogRegions: string[];
  /** Old edge function versions kept besides the live and the previous build's (default 3). */
  edgeVersionsKept: number;
  /** How many pull request previews may exist at once (default 10); at the cap a new one waits (infra/OPERATIONS.md). */
  maxPreviews: number;
  /** A second factor (TOTP) for password accounts: `off` (default), `optional` or `required`. Google accounts never meet it. */
  passwordAccountMfa: PasswordAccountMfa;
  /** A WAF rate limit: requests per 5 minutes from one IP address, above which CloudFront blocks that address (infra/OPERATIONS.md, "A WAF rate limit"); without it, no WAF. */
  wafRateLimit?: number;
  /** Where the alarms send email (an SNS subscription the address must confirm); without it, alarms only show in CloudWatch. */
  alarmEmail?: string;
  /** Cognito's mail through Amazon SES with the company's verified address, instead of Cognito's default sender. */
  emailSender?: EmailSender;
  /** The GitHub repository (`owner/name`, or `owner@id/name@id`) whose Actions deploy this environment; without it, no deploy role. */
  githubRepository?: string;
  /** The format of the repository's OIDC `sub`: `immutable` (`repo:owner@id/name@id:…`) or `names` (github-subject.ts). */
  githubSubjectFormat?: SubjectFormat;
  /** The owner's numeric id, for the immutable subject (unless githubRepository carries it). */
  githubOwnerId?: string | number;
  /** The repository's numeric id, for the immutable subject (unless githubRepository carries it). */
  githubRepositoryId?: string | number;
  /** The branch whose pushes deploy (default `main`); the deploy role trusts its runs only. */
  githubBranch: string;
  /** A GitHub environment the deploy job names: the role then trusts that environment's jobs only. */
  githubEnvironment?: string;
  /** The account's GitHub OIDC provider when made elsewhere (one per account); without it, the stack Handbook-GitHubOidc creates it. */
  githubOidcProviderArn?: string;
}

export interface EmailSender {
  /** An address (or an address at a domain) verified in SES. */
  fromEmail: string;
  fromName?: string;
  replyTo?: string;
  /** The SES region, when not the pool's (Cognito allows a few, "Email settings for Amazon Cognito user pools"). */
  sesRegion?: string;
}

export const DEFAULT_CONFIG_FILE = 'deploy.config.json';
export const EXAMPLE_CONFIG_FILE = path.join(__dirname, 'deploy.config.example.json');

export class DeployConfigError extends Error {
  readonly readersSee = 'The live site, unchanged: nothing ran without a valid configuration.';

  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super([`${source} is incomplete or invalid:`, ...problems.map((problem) => `  - ${problem}`)].join('\n'));
    this.name = 'DeployConfigError';
  }
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

type Check = (value: unknown) => string | null;

const text =
  (pattern: RegExp, what: string): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? null : `must be ${what}`;

const EMAIL = /^[^@\s]+@[a-z0-9.-]+\.[a-z]{2,63}$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;

function checkEmailSender(value: unknown): string | null {
  const sender = value as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object';
  const unknown = Object.keys(sender).filter((key) => !['fromEmail', 'fromName', 'replyTo', 'sesRegion'].includes(key));
  if (unknown.length) return `has fields that are not settings: ${unknown.join(', ')}`;
  if (typeof sender.fromEmail !== 'string' || !EMAIL.test(sender.fromEmail))
    return 'fromEmail must be an email address';
  if (sender.replyTo !== undefined && (typeof sender.replyTo !== 'string' || !EMAIL.test(sender.replyTo)))
    return 'replyTo must be an email address';
  if (sender.fromName !== undefined && typeof sender.fromName !== 'string') return 'fromName must be text';
  if (sender.sesRegion !== undefined && (typeof sender.sesRegion !== 'string' || !REGION.test(sender.sesRegion)))
    return 'sesRegion must be an AWS region';
  return null;
}

/** A field is required unless it is optional or has a default. */
const FIELDS: Record<keyof DeployConfig, { required: boolean; check: Check; default?: unknown }> = {
  environment: { required: true, check: text(/^[a-z][a-z0-9-]{0,19}$/, 'a short lower-case name, e.g. "production"') },
  account: { required: true, check: text(/^\d{12}$/, 'a 12-digit AWS account id') },
  region: { required: true, check: text(REGION, 'an AWS region, e.g. "us-east-1"') },
  siteDomain: { required: false, check: text(DOMAIN, 'a lower-case host name, e.g. "handbook.example.com"') },
  previewDomain: {
    required: false,
    check: text(DOMAIN, 'a lower-case host name, e.g. "previews.handbook.example.com"'),
  },
  certificateArn: {
    required: false,
    check: text(
      /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/,
      'an ACM certificate ARN in us-east-1 (CloudFront uses certificates from us-east-1 only)',
    ),
  },
  authDomainPrefix: {
    required: true,
    // Cognito prefix domains: lower-case letters, digits and hyphens; "aws", "amazon", "cognito" are reserved.
    check: (value) =>
      typeof value === 'string' &&
      /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(value) &&
      !/aws|amazon|cognito/.test(value)
        ? null
        : 'must be lower-case letters, digits and hyphens, without "aws", "amazon" or "cognito"',
  },
  allowedEmailDomains: {
    required: true,
    check: (value) =>
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((domain) => typeof domain === 'string' && DOMAIN.test(domain))
        ? null
        : 'must be a non-empty list of lower-case email domains, e.g. ["example-health.com"]',
  },
  readerGroup: { required: true, check: text(/^[\w+=,.@-]{1,128}$/, 'a Cognito group name, e.g. "handbook-readers"') },
  googleClientId: {
    required: true,
    check: text(/^[\w-]+\.apps\.googleusercontent\.com$/, 'a Google OAuth client id (…apps.googleusercontent.com)'),
  },
  googleClientSecretName: {
    required: true,
    check: text(/^[\w/+=.@-]{1,512}$/, 'the name of a Secrets Manager secret, not the secret itself'),
  },
  repositoryUrl: { required: true, check: text(/^https:\/\/\S+$/, 'the https URL of the handbook repository') },
  accessLogRetentionDays: {
    required: true,
    check: (value) =>
      Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 3653 ? null : 'must be 1 to 3653 days',
  },
  edgeLogRetentionDays: {
    required: false,
    default: 90,
    check: (value) =>
      (LOG_RETENTION_DAYS as readonly unknown[]).includes(value)
        ? null
        : `must be one of CloudWatch Logs' periods: ${LOG_RETENTION_DAYS.join(', ')}`,
  },
  edgeLogRegions: {
    required: false,
    default: DEFAULT_EDGE_LOG_REGIONS,
    check: (value) =>
      Array.isArray(value) &&
      value.includes('us-east-1') &&
      value.every((region) => typeof region === 'string' && REGION.test(region))
        ? null
        : 'must be a list of AWS regions including us-east-1',
  },
  edgeVersionsKept: {
    required: false,
    default: 3,
    check: (value) =>
      Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 50 ? null : 'must be 0 to 50',
  },
  maxPreviews: {
    required: false,
    default: 10,
    check: (value) =>
      Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 50 ? null : 'must be 0 to 50',
  },
  passwordAccountMfa: { required: false, default: 'off', check: passwordAccountMfaProblem },
  wafRateLimit: { required: false, check: wafRateLimitProblem },
  alarmEmail: { required: false, check: text(EMAIL, 'an email address') },
  emailSender: { required: false, check: checkEmailSender },
  ...GITHUB_FIELDS,
};

export function parseDeployConfig(raw: unknown, source: string): DeployConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new DeployConfigError(source, ['must be a JSON object']);
  }
  const record = raw as Record<string, unknown>;
  const problems: string[] = [];
  const resolved: Record<string, unknown> = { ...record };
  for (const [name, rule] of Object.entries(FIELDS)) {
    const value = record[name];
    if (value === undefined || value === '') {
      if (rule.required) problems.push(`${name} is missing`);
      if (rule.default !== undefined) resolved[name] = rule.default;
      continue;
    }
    const problem = rule.check(value);
    if (problem) problems.push(`${name} ${problem}`);
  }
  for (const name of Object.keys(record)) {
    if (!(name in FIELDS)) problems.push(`${name} is not a setting (misspelt?)`);
  }
  if (Boolean(record.siteDomain) !== Boolean(record.certificateArn)) {
    problems.push('siteDomain and certificateArn go together: give both or neither');
  }
  if (record.previewDomain && !record.siteDomain) {
    problems.push('previewDomain needs siteDomain and certificateArn: the certificate covers both host names');
  }
  if (record.previewDomain && record.previewDomain === record.siteDomain) {
    problems.push('previewDomain must differ from siteDomain: a preview never runs on production’s origin');
  }
  const arn = typeof record.certificateArn === 'string' ? record.certificateArn : '';
  if (arn && typeof record.account === 'string' && !arn.includes(`:${record.account}:`)) {
    problems.push('certificateArn is in another account than account');
  }
  problems.push(...githubProblems(record));
  if (problems.length) throw new DeployConfigError(source, problems);
  return resolved as unknown as DeployConfig;
}

export function readDeployConfig(file = process.env.HANDBOOK_DEPLOY_CONFIG ?? DEFAULT_CONFIG_FILE): DeployConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'is not valid JSON';
    throw new DeployConfigError(file, [
      `${reason}: copy infra/deploy.config.example.json to ${DEFAULT_CONFIG_FILE} and fill it in`,
    ]);
  }
  return parseDeployConfig(raw, file);
}

/** Stack names: an identity, a site and an operations stack per environment. */
export function stackNames(config: Pick<DeployConfig, 'environment'>) {
  const prefix = `Handbook-${config.environment}`;
  return {
    prefix,
    identity: `${prefix}-Identity`,
    site: `${prefix}-Site`,
    operations: `${prefix}-Operations`,
    deployRole: `${prefix}-GitHubDeploy`,
  };
}
