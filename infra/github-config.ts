/**
 * The deploy config's GitHub fields: which repository's Actions may deploy, from which branch or
 * environment, and in which subject format its tokens come (github-subject.ts builds every role's
 * trust from them). Checked with the other fields (config.ts), so a wrong one is named before
 * anything runs. A wildcard is refused in every field: each role trusts one repository's jobs exactly.
 */
import { parseRepository, SUBJECT_FORMATS } from './github-subject';

type Check = (value: unknown) => string | null;

const WILDCARD = 'must name one exactly, without a wildcard (* or ?): IAM would compare it with StringEquals';

const matching =
  (pattern: RegExp, what: string): Check =>
  (value) => {
    if (typeof value === 'string' && /[*?]/.test(value)) return WILDCARD;
    return typeof value === 'string' && pattern.test(value) ? null : `must be ${what}`;
  };

/** GitHub's numeric ids, as `gh api repos/OWNER/REPO --jq .owner.id,.id` prints them. */
const numericId =
  (what: string, jqPath: string): Check =>
  (value) =>
    (typeof value === 'string' && /^\d{1,20}$/.test(value)) || (Number.isSafeInteger(value) && (value as number) > 0)
      ? null
      : `must be ${what}'s numeric id, e.g. "123456" (gh api repos/OWNER/REPO --jq ${jqPath})`;

/** Git's rules for a branch name, narrowed: no wildcard, no `..`, no leading, trailing or double slash. */
const BRANCH = /^(?!\/)(?!.*\/\/)(?!.*\.\.)(?!.*\/$)[A-Za-z0-9._/-]{1,255}$/;

export const GITHUB_FIELDS = {
  githubRepository: {
    required: false,
    check: (value) =>
      typeof value === 'string' && /[*?]/.test(value)
        ? WILDCARD
        : typeof value === 'string' && parseRepository(value)
          ? null
          : 'must be the repository as owner/name, e.g. "example-health/engineering-handbook", or in the immutable subject form owner@id/name@id',
  },
  githubSubjectFormat: {
    required: false,
    check: (value) =>
      (SUBJECT_FORMATS as readonly unknown[]).includes(value)
        ? null
        : `must be ${SUBJECT_FORMATS.map((format) => `"${format}"`).join(' or ')}: the format of the repository's OIDC subject (infra/OPERATIONS.md, "Which subject format")`,
  },
  githubOwnerId: { required: false, check: numericId('the owner', '.owner.id') },
  githubRepositoryId: { required: false, check: numericId('the repository', '.id') },
  githubBranch: {
    required: false,
    default: 'main',
    check: matching(BRANCH, 'a branch name without wildcards, e.g. "main"'),
  },
  githubEnvironment: {
    required: false,
    check: matching(
      /^[A-Za-z0-9._-]{1,255}$/,
      'a GitHub environment name of letters, digits, ".", "_" and "-", e.g. "production"',
    ),
  },
  githubOidcProviderArn: {
    required: false,
    check: matching(
      /^arn:aws:iam::\d{12}:oidc-provider\/token\.actions\.githubusercontent\.com$/,
      "the ARN of the account's IAM OIDC provider for token.actions.githubusercontent.com",
    ),
  },
} satisfies Record<string, { required: boolean; check: Check; default?: unknown }>;

/** Problems between the GitHub fields and the rest of the file. */
export function githubProblems(record: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const others = [
    'githubBranch',
    'githubEnvironment',
    'githubOidcProviderArn',
    'githubSubjectFormat',
    'githubOwnerId',
    'githubRepositoryId',
  ].filter((name) => record[name]);
  if (!record.githubRepository && others.length) {
    problems.push(`${others.join(', ')} go with githubRepository: name the repository whose Actions deploy`);
  }
  if (typeof record.githubRepository === 'string') problems.push(...subjectProblems(record));
  const provider = typeof record.githubOidcProviderArn === 'string' ? record.githubOidcProviderArn : '';
  if (provider && typeof record.account === 'string' && !provider.includes(`::${record.account}:`)) {
    problems.push('githubOidcProviderArn is in another account than account');
  }
  return problems;
}

/** The subject format and the ids it needs agree with each other and with githubRepository. */
function subjectProblems(record: Record<string, unknown>): string[] {
  const repository = parseRepository(record.githubRepository as string);
  if (!repository) return [];
  const ids = ['githubOwnerId', 'githubRepositoryId'].filter((name) => record[name] !== undefined);
  const format = record.githubSubjectFormat ?? (repository.ownerId ? 'immutable' : undefined);
  if (format === undefined) {
    return [
      'githubSubjectFormat is missing: "immutable" for a repository created or renamed on or after 2026-07-15 or opted in, else "names" (infra/OPERATIONS.md, "Which subject format")',
    ];
  }
  if (format === 'names') {
    if (repository.ownerId)
      return ['githubRepository is in the immutable form owner@id/name@id, but githubSubjectFormat is "names"'];
    return ids.length ? [`${ids.join(', ')} go with githubSubjectFormat "immutable" only`] : [];
  }
  if (format !== 'immutable') return [];
  if (repository.ownerId) {
    return ids.length
      ? [`${ids.join(', ')}: githubRepository already carries the ids (owner@id/name@id); give them once`]
      : [];
  }
  const missing = ['githubOwnerId', 'githubRepositoryId'].filter((name) => record[name] === undefined);
  return missing.length
    ? [
        `${missing.join(' and ')} missing: the immutable subject carries them (gh api repos/OWNER/REPO --jq .owner.id,.id)`,
      ]
    : [];
}
