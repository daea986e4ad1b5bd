/**
 * The deploy config's GitHub fields: which repository's Actions may deploy, from which branch or
 * environment (deploy-role-stack.ts builds the role's trust from them). Checked with the other
 * fields (config.ts), so a wrong one is named before anything runs.
 */

type Check = (value: unknown) => string | null;

const matching =
  (pattern: RegExp, what: string): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? null : `must be ${what}`;

/** Git's rules for a branch name, narrowed: no wildcard, no `..`, no leading, trailing or double slash. */
const BRANCH = /^(?!\/)(?!.*\/\/)(?!.*\.\.)(?!.*\/$)[A-Za-z0-9._/-]{1,255}$/;

export const GITHUB_FIELDS = {
  githubRepository: {
    required: false,
    check: matching(
      /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/,
      'the repository as owner/name, e.g. "example-health/engineering-handbook"',
    ),
  },
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
  const others = ['githubBranch', 'githubEnvironment', 'githubOidcProviderArn'].filter((name) => record[name]);
  if (!record.githubRepository && others.length) {
    problems.push(`${others.join(', ')} go with githubRepository: name the repository whose Actions deploy`);
  }
  const provider = typeof record.githubOidcProviderArn === 'string' ? record.githubOidcProviderArn : '';
  if (provider && typeof record.account === 'string' && !provider.includes(`::${record.account}:`)) {
    problems.push('githubOidcProviderArn is in another account than account');
  }
  return problems;
}
