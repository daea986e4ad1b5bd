/**
 * The sign-in gate's configuration, built and validated from the build's environment. Pure: no
 * side effects, no Amplify import at run time. `docusaurus.config.ts` puts the result in
 * `customFields.auth`; the browser hands it to `Amplify.configure` once.
 */
import type { ResourcesConfig } from 'aws-amplify';
import { localIdentity, localIdentityUrl } from './local-pool';
import { isLoopbackHost } from './loopback';
import { AMPLIFY_MFA_STATUS, PASSWORD_MFA_VARIABLE, passwordAccountMfaProblem } from './password-mfa';
import type { PasswordAccountMfa } from './password-mfa';
import { SIGN_IN_PATH } from './sign-in-route';

export type AuthMode = 'local' | 'cognito';

export interface HandbookAuthConfig {
  /** `local`: the bundled identity service, for development and tests. Never for real readers. */
  mode: AuthMode;
  amplify: ResourcesConfig;
  /** The Cognito group a reader must be in (an administrator adds them); the gate checks it. */
  readerGroup: string;
}

type Environment = Record<string, string | undefined>;

/** Raised with every problem at once, each naming its variable, so one build run shows them all. */
export class AuthConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      [
        'The sign-in configuration is incomplete or invalid:',
        ...problems.map((problem) => `  - ${problem}`),
        'Set the variables above in the environment or in .env (see .env.example), or HANDBOOK_AUTH=local to use the bundled local identity service.',
      ].join('\n'),
    );
    this.name = 'AuthConfigError';
  }
}

const DEFAULT_READER_GROUP = 'handbook-readers';

const SCOPES = ['phone', 'email', 'openid', 'profile', 'aws.cognito.signin.user.admin'];
/** Reads one variable; records a problem and returns undefined when it is missing or invalid. */
function read(
  env: Environment,
  name: string,
  problems: string[],
  rule: { required: boolean; what: string; check?: (value: string) => string | null },
): string | undefined {
  const value = env[name]?.trim();
  if (!value) {
    if (rule.required) problems.push(`${name} is missing: ${rule.what}`);
    return undefined;
  }
  const problem = rule.check?.(value);
  if (problem) {
    problems.push(`${name} ${problem}: ${rule.what}`);
    return undefined;
  }
  return value;
}

function checkRedirectList(value: string): string | null {
  for (const entry of value.split(',').map((item) => item.trim())) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return `has "${entry}", which is not an absolute URL`;
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
      return `has "${entry}", which is neither https nor a loopback address`;
    }
    if (url.pathname !== SIGN_IN_PATH || url.search || url.hash) {
      return `has "${entry}", which is not the sign-in route (${url.origin}${SIGN_IN_PATH})`;
    }
  }
  return null;
}

/** The pool's password policy: the form checks it, and infra/identity-stack.ts sets it on the pool. */
export const passwordFormat = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSpecialCharacters: true,
};

function cognitoResources(input: {
  passwordMfa: PasswordAccountMfa;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  allowGuestAccess: boolean;
  userPoolEndpoint?: string;
  oauthDomain: string;
  redirectSignIn: string[];
  redirectSignOut: string[];
}): ResourcesConfig {
  const userPool = {
    userPoolId: input.userPoolId,
    userPoolClientId: input.userPoolClientId,
    ...(input.userPoolEndpoint ? { userPoolEndpoint: input.userPoolEndpoint } : {}),
    signUpVerificationMethod: 'code' as const,
    userAttributes: { email: { required: true } },
    // Amplify's view of the pool's MFA (TOTP only); the sign-in page bundles the QR-code library only when it is on.
    mfa:
      input.passwordMfa === 'off'
        ? { status: 'off' as const, smsEnabled: true }
        : { status: AMPLIFY_MFA_STATUS[input.passwordMfa], totpEnabled: true, smsEnabled: false },
    passwordFormat,
    loginWith: {
      email: true,
      oauth: {
        domain: input.oauthDomain,
        scopes: SCOPES,
        redirectSignIn: input.redirectSignIn,
        redirectSignOut: input.redirectSignOut,
        responseType: 'code' as const,
        providers: ['Google' as const],
      },
    },
  };
  if (!input.identityPoolId) return { Auth: { Cognito: userPool } };
  return {
    Auth: {
      Cognito: { ...userPool, identityPoolId: input.identityPoolId, allowGuestAccess: input.allowGuestAccess },
    },
  };
}

function localConfig(passwordMfa: PasswordAccountMfa): HandbookAuthConfig {
  const signIn = `${localIdentityUrl}${SIGN_IN_PATH}`;
  return {
    mode: 'local',
    readerGroup: localIdentity.readerGroup,
    amplify: cognitoResources({
      passwordMfa,
      userPoolId: localIdentity.userPoolId,
      userPoolClientId: localIdentity.userPoolClientId,
      allowGuestAccess: false,
      userPoolEndpoint: localIdentityUrl,
      // Amplify always calls https://<domain>; the browser tests route it to the local service.
      oauthDomain: `${localIdentity.host}:${localIdentity.port}`,
      // Replaced in the browser by the page's own origin, which the local service registers.
      redirectSignIn: [signIn],
      redirectSignOut: [signIn],
    }),
  };
}

export function buildAuthConfig(env: Environment): HandbookAuthConfig {
  const mode = env.HANDBOOK_AUTH?.trim() || 'cognito';
  const passwordMfa = env[PASSWORD_MFA_VARIABLE]?.trim() || 'off';
  const passwordMfaProblem = passwordAccountMfaProblem(passwordMfa);
  if (mode === 'local') {
    if (passwordMfaProblem) throw new AuthConfigError([`${PASSWORD_MFA_VARIABLE} ${passwordMfaProblem}`]);
    return localConfig(passwordMfa as PasswordAccountMfa);
  }
  if (mode !== 'cognito') {
    throw new AuthConfigError([`HANDBOOK_AUTH is "${mode}": it must be "local" or "cognito" (the default)`]);
  }

  const problems: string[] = passwordMfaProblem ? [`${PASSWORD_MFA_VARIABLE} ${passwordMfaProblem}`] : [];
  const region = read(env, 'HANDBOOK_AUTH_REGION', problems, {
    required: true,
    what: 'the AWS region of the user pool, e.g. us-east-1',
    check: (value) => (/^[a-z]{2}(-[a-z]+)+-\d$/.test(value) ? null : `is "${value}", not an AWS region`),
  });
  const userPoolId = read(env, 'HANDBOOK_AUTH_USER_POOL_ID', problems, {
    required: true,
    what: 'the Cognito user pool id, <region>_<id>, e.g. us-east-1_AbCdEf123',
    check: (value) => {
      if (!value.includes('_')) return 'is invalid (Invalid user pool id provided.)';
      if (region && !value.startsWith(`${region}_`))
        return `is in another region than HANDBOOK_AUTH_REGION (${region})`;
      return null;
    },
  });
  const userPoolClientId = read(env, 'HANDBOOK_AUTH_USER_POOL_CLIENT_ID', problems, {
    required: true,
    what: 'the id of the user pool app client the handbook signs in with',
    check: (value) => (/^[a-z0-9]+$/i.test(value) ? null : 'is not an app client id (letters and digits)'),
  });
  const identityPoolId = read(env, 'HANDBOOK_AUTH_IDENTITY_POOL_ID', problems, {
    required: false,
    what: 'optional identity pool id, <region>:<uuid>',
    check: (value) => (value.includes(':') ? null : 'is invalid (Invalid identity pool id provided.)'),
  });
  const oauthDomain = read(env, 'HANDBOOK_AUTH_OAUTH_DOMAIN', problems, {
    required: true,
    what: 'the hosted sign-in domain without a scheme, e.g. auth.handbook.example.com',
    check: (value) => (/^[a-z0-9.-]+(:\d+)?$/i.test(value) ? null : 'must be a bare host name (no https://, no path)'),
  });
  const redirectRule = (kind: string) => ({
    required: true,
    what: `comma-separated URLs the hosted sign-in returns to after ${kind}: the sign-in route (${SIGN_IN_PATH}) of the local dev address and of the production address`,
    check: checkRedirectList,
  });
  const redirectSignIn = read(env, 'HANDBOOK_AUTH_REDIRECT_SIGN_IN', problems, redirectRule('sign-in'));
  const redirectSignOut = read(env, 'HANDBOOK_AUTH_REDIRECT_SIGN_OUT', problems, redirectRule('sign-out'));
  const guest = read(env, 'HANDBOOK_AUTH_ALLOW_GUEST_ACCESS', problems, {
    required: false,
    what: '"true" lets the identity pool hand out guest credentials; off by default',
    check: (value) => (value === 'true' || value === 'false' ? null : `is "${value}", not true or false`),
  });

  const readerGroup = read(env, 'HANDBOOK_AUTH_READER_GROUP', problems, {
    required: false,
    what: `the Cognito group an administrator adds readers to; only its members are let in (default ${DEFAULT_READER_GROUP})`,
    // Cognito's GroupName: 1 to 128 letters, marks, symbols, digits or punctuation, no spaces.
    check: (value) =>
      /^[\p{L}\p{M}\p{S}\p{N}\p{P}]{1,128}$/u.test(value) ? null : `is "${value}", not a Cognito group name`,
  });

  if (problems.length || !userPoolId || !userPoolClientId || !oauthDomain || !redirectSignIn || !redirectSignOut) {
    throw new AuthConfigError(problems);
  }
  const list = (value: string) => value.split(',').map((item) => item.trim());
  return {
    mode: 'cognito',
    readerGroup: readerGroup ?? DEFAULT_READER_GROUP,
    amplify: cognitoResources({
      passwordMfa: passwordMfa as PasswordAccountMfa,
      userPoolId,
      userPoolClientId,
      identityPoolId,
      allowGuestAccess: guest === 'true',
      oauthDomain,
      redirectSignIn: list(redirectSignIn),
      redirectSignOut: list(redirectSignOut),
    }),
  };
}
