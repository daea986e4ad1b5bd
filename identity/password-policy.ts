import { passwordFormat } from '../core/amplify-config';

/** Cognito's password policy check, worded as Cognito words it. */
export interface PasswordPolicy {
  MinimumLength?: number;
  RequireLowercase?: boolean;
  RequireUppercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

/** The pool's policy (core/amplify-config.ts), in Cognito's words: start.ts writes it into the local pool. */
export const localPasswordPolicy = {
  MinimumLength: passwordFormat.minLength,
  RequireLowercase: passwordFormat.requireLowercase,
  RequireUppercase: passwordFormat.requireUppercase,
  RequireNumbers: passwordFormat.requireNumbers,
  RequireSymbols: passwordFormat.requireSpecialCharacters,
} satisfies PasswordPolicy;

const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/;

/** The first rule the password breaks, or null. */
export function passwordPolicyViolation(password: string, policy: PasswordPolicy = {}): string | null {
  const minimum = policy.MinimumLength ?? 8;
  if (password.length < minimum) return 'Password not long enough';
  if (policy.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (policy.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (policy.RequireSymbols && !SYMBOLS.test(password)) return 'Password must have symbol characters';
  return null;
}
