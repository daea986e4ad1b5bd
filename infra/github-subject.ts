/**
 * The `sub` claim GitHub puts in a job's OIDC token, and the trust conditions every role GitHub
 * Actions assumes is built from (the deploy role, which the rollback uses too, and the preview role).
 * One builder, so no role can be written in another format than the repository's.
 *
 * GitHub, "OpenID Connect reference" (docs.github.com/en/actions/reference/security/oidc):
 * - "Example subject claims": `repo:ORG/REPO:environment:NAME` when the job names an environment,
 *   `repo:ORG/REPO:pull_request` for a `pull_request` run whose job names none, and
 *   `repo:ORG/REPO:ref:refs/heads/BRANCH` otherwise; any `:` inside a value becomes `%3A`.
 * - "Immutable subject claims": repositories created after July 15, 2026, renamed or transferred
 *   after it, or opted in, get `repo:OWNER@OWNER-ID/REPO@REPO-ID:…` instead; "Update your trust
 *   policies to match the format your repository uses". `@` cannot appear in a name.
 * Fixtures of both: testkit/documented-shapes/github-oidc-claims.json.
 */
import type { DeployConfig } from './config';

export const GITHUB_OIDC_ISSUER = 'token.actions.githubusercontent.com';
/** What `aws-actions/configure-aws-credentials` asks GitHub to put in `aud` (its default audience). */
export const GITHUB_OIDC_AUDIENCE = 'sts.amazonaws.com';

/** `names`: `repo:owner/name:…`; `immutable`: `repo:owner@id/name@id:…`. */
export const SUBJECT_FORMATS = ['immutable', 'names'] as const;
export type SubjectFormat = (typeof SUBJECT_FORMATS)[number];

export type GitHubSubjectFields = Pick<
  DeployConfig,
  'githubRepository' | 'githubSubjectFormat' | 'githubOwnerId' | 'githubRepositoryId' | 'githubOidcProviderArn'
>;

/** Which jobs a role trusts: one environment's, one branch's, or the repository's pull request runs. */
export type SubjectContext = { environment: string } | { branch: string } | 'pull_request';

const NAME_FORM = /^([A-Za-z0-9-]{1,39})\/([A-Za-z0-9._-]{1,100})$/;
const IMMUTABLE_FORM = /^([A-Za-z0-9-]{1,39})@(\d{1,20})\/([A-Za-z0-9._-]{1,100})@(\d{1,20})$/;

/** The repository part of the subject as the deploy config gives it, or null when it is neither form. */
export function parseRepository(
  value: string,
): { owner: string; name: string; ownerId?: string; repositoryId?: string } | null {
  const immutable = IMMUTABLE_FORM.exec(value);
  if (immutable) return { owner: immutable[1], ownerId: immutable[2], name: immutable[3], repositoryId: immutable[4] };
  const names = NAME_FORM.exec(value);
  return names ? { owner: names[1], name: names[2] } : null;
}

/** `owner/name` or `owner@id/name@id`, in the format the repository's tokens carry. */
export function subjectRepository(config: GitHubSubjectFields): string {
  const repository = config.githubRepository ? parseRepository(config.githubRepository) : null;
  if (!repository)
    throw new Error(`githubRepository is not owner/name or owner@id/name@id: ${config.githubRepository}`);
  const format = config.githubSubjectFormat ?? (repository.ownerId ? 'immutable' : undefined);
  if (format === 'names') return `${repository.owner}/${repository.name}`;
  if (format !== 'immutable') throw new Error('The deploy config names no githubSubjectFormat.');
  const ownerId = repository.ownerId ?? config.githubOwnerId;
  const repositoryId = repository.repositoryId ?? config.githubRepositoryId;
  if (!ownerId || !repositoryId) throw new Error('The immutable subject needs githubOwnerId and githubRepositoryId.');
  return `${repository.owner}@${ownerId}/${repository.name}@${repositoryId}`;
}

/** GitHub writes a `:` inside a value as `%3A` ("Filtering for metadata containing `:`"). */
const claimValue = (value: string) => value.replaceAll(':', '%3A');

/** The exact `sub` of the jobs a role trusts. Never a wildcard: IAM compares it with StringEquals. */
export function githubSubject(config: GitHubSubjectFields, context: SubjectContext): string {
  const repository = `repo:${subjectRepository(config)}`;
  const subject =
    context === 'pull_request'
      ? `${repository}:pull_request`
      : 'environment' in context
        ? `${repository}:environment:${claimValue(context.environment)}`
        : `${repository}:ref:refs/heads/${claimValue(context.branch)}`;
  if (/[*?]/.test(subject)) throw new Error(`A role's subject must name its jobs exactly, not ${subject}`);
  return subject;
}

/** The condition of an `sts:AssumeRoleWithWebIdentity` trust: GitHub's audience and the exact subject. */
export function githubTrustConditions(config: GitHubSubjectFields, context: SubjectContext) {
  return {
    StringEquals: {
      [`${GITHUB_OIDC_ISSUER}:aud`]: GITHUB_OIDC_AUDIENCE,
      [`${GITHUB_OIDC_ISSUER}:sub`]: githubSubject(config, context),
    },
  };
}
