/**
 * `.env.example`'s values are examples. Copied as they stand, they made a production-mode build
 * against the pool `us-east-1_AbCdEf123`, silently (newcomer review 4). A cognito-mode build or
 * dev server stops naming each variable that holds an example identifier, or a host under a name
 * RFC 2606 reserves for documentation (example.com, example.net, example.org and the `.example`,
 * `.test`, `.invalid` top-level domains), which no deployment can own. Local mode uses neither.
 */
import { isLoopbackHost } from './loopback';

/** The identifiers `.env.example` shows; `tests/example-values.test.ts` holds the file to them. */
export const EXAMPLE_IDENTIFIERS: Record<string, string> = {
  HANDBOOK_AUTH_USER_POOL_ID: 'us-east-1_AbCdEf123',
  HANDBOOK_AUTH_USER_POOL_CLIENT_ID: '4h5j6k7l8m9n0p1q2r3s4t5u6v',
  HANDBOOK_AUTH_IDENTITY_POOL_ID: 'us-east-1:0d2b6b1e-5c3a-4f0b-9a51-1f7e2d9c8b10',
  HANDBOOK_REPO_URL: 'https://github.com/example-health/engineering-handbook',
};

/** The variables holding host names or URLs (comma lists for the redirects). */
const HOST_VARIABLES = [
  'HANDBOOK_URL',
  'HANDBOOK_AUTH_OAUTH_DOMAIN',
  'HANDBOOK_AUTH_REDIRECT_SIGN_IN',
  'HANDBOOK_AUTH_REDIRECT_SIGN_OUT',
];

const RESERVED_FOR_DOCUMENTATION = /(^|\.)(example\.(com|net|org)|example|test|invalid)$/i;

/** The host of a URL, or of a bare host name with an optional port. */
function hostOf(value: string): string {
  try {
    return new URL(value.includes('://') ? value : `https://${value}`).hostname;
  } catch {
    return value;
  }
}

/**
 * One line per variable of `env` that holds an example value, naming it; `defaults` are the
 * values the build uses when a variable is unset (HANDBOOK_URL's and HANDBOOK_REPO_URL's).
 */
export function exampleValueProblems(
  env: Record<string, string | undefined>,
  defaults: Record<string, string> = {},
): string[] {
  const problems: string[] = [];
  const valueOf = (name: string) => env[name]?.trim() || defaults[name];
  const origin = (name: string) => (env[name]?.trim() ? '' : ' (its default, as it is unset)');
  for (const [name, example] of Object.entries(EXAMPLE_IDENTIFIERS)) {
    if (valueOf(name) === example) {
      problems.push(`${name} is "${example}"${origin(name)}, the example's value: set the real one`);
    }
  }
  for (const name of HOST_VARIABLES) {
    const value = valueOf(name);
    if (!value) continue;
    for (const item of value.split(',').map((entry) => entry.trim())) {
      const host = hostOf(item);
      if (!isLoopbackHost(host) && RESERVED_FOR_DOCUMENTATION.test(host)) {
        problems.push(`${name} is "${item}"${origin(name)}: ${host} is an example name (RFC 2606), not yours`);
      }
    }
  }
  return problems;
}
