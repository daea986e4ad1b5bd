/**
 * `passwordAccountMfa`: whether password accounts need a second factor (TOTP; never SMS). `off` is
 * the specified default (SPEC: "MFA OFF"); `optional` asks it of accounts that set TOTP up;
 * `required` makes every password account set TOTP up at its next sign-in. Google accounts never
 * meet it: Cognito's MFA applies to the user pool's own sign-in, not to federated users, whose
 * second factor is Google's. The deploy config (infra/config.ts), the build
 * (HANDBOOK_AUTH_PASSWORD_MFA, core/amplify-config.ts) and the local identity service read it here.
 */
export const PASSWORD_ACCOUNT_MFA = ['off', 'optional', 'required'] as const;
export type PasswordAccountMfa = (typeof PASSWORD_ACCOUNT_MFA)[number];

/** The environment variable a build and the local identity service read it from. */
export const PASSWORD_MFA_VARIABLE = 'HANDBOOK_AUTH_PASSWORD_MFA';

export function isPasswordAccountMfa(value: unknown): value is PasswordAccountMfa {
  return (PASSWORD_ACCOUNT_MFA as readonly unknown[]).includes(value);
}

/** What is wrong with a value, after the field's name (`<field> is "on": it must be one of …`), or null. */
export function passwordAccountMfaProblem(value: unknown): string | null {
  if (isPasswordAccountMfa(value)) return null;
  const allowed = PASSWORD_ACCOUNT_MFA.map((setting) => `"${setting}"`).join(', ');
  return `is ${JSON.stringify(value)}: it must be one of ${allowed} (a TOTP second factor for password accounts; "off" is the default)`;
}

/** The user pool's MfaConfiguration for a setting (API_SetUserPoolMfaConfig: OFF, ON or OPTIONAL). */
export const COGNITO_MFA_CONFIGURATION = { off: 'OFF', optional: 'OPTIONAL', required: 'ON' } as const;

/** Amplify's `Auth.Cognito.mfa.status` for a setting. */
export const AMPLIFY_MFA_STATUS = { off: 'off', optional: 'optional', required: 'on' } as const;

/** The setting an environment names (unset: `off`); throws naming the variable on anything else. */
export function passwordAccountMfaFrom(env: Record<string, string | undefined>): PasswordAccountMfa {
  const value = env[PASSWORD_MFA_VARIABLE]?.trim() || 'off';
  const problem = passwordAccountMfaProblem(value);
  if (problem) throw new Error(`${PASSWORD_MFA_VARIABLE} ${problem}`);
  return value as PasswordAccountMfa;
}

/** The setting a build was made with, read back from Amplify's `mfa.status` (absent: `off`). */
export function passwordAccountMfaOfAmplify(status: string | undefined): PasswordAccountMfa {
  const found = PASSWORD_ACCOUNT_MFA.find((setting) => AMPLIFY_MFA_STATUS[setting] === status);
  return found ?? 'off';
}

/** The name an authenticator app lists the handbook's codes under (the `otpauth://` URI's issuer). */
export const TOTP_ISSUER = 'Engineering Handbook';
