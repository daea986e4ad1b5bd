/**
 * What the "Two-step sign-in" dialog offers, decided from the build's `passwordAccountMfa`
 * (core/password-mfa.ts), the reader, and whether their TOTP is on. Pure, so each rule is tested
 * alone (tests/choices.test.ts); the dialog (./panel.tsx) only draws the answer.
 */
import type { Reader } from '../../../core/cookie-session';
import type { PasswordAccountMfa } from '../../../core/password-mfa';

/**
 * Whether the account menu shows the item: to password accounts when the pool has TOTP at all.
 * Google accounts never: Cognito's MFA applies to the pool's own sign-in, and their second factor
 * is Google's.
 */
export function offersTwoStepSignIn(setting: PasswordAccountMfa, reader: Reader): boolean {
  return setting !== 'off' && !reader.federated;
}

/**
 * How long after a sign-in the authenticator may be replaced or turned off (security review 4,
 * finding 2): a stolen access token or an unattended browser, renewed for hours, must not move
 * the second factor; a sign-in with the password and a code of the current authenticator within
 * this time may. Judged by the session's `auth_time`, "the time when the authentication occurred",
 * which renewals keep (Cognito, "Understanding the access token"). Cognito itself cannot require
 * it (AssociateSoftwareToken takes any valid access token): SECURITY.md says what is left.
 */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;

/** Whether a sign-in at `authTime` (seconds since the epoch) is recent enough at `now` (milliseconds). */
export function signedInRecently(authTime: number | null, now: number): boolean {
  return authTime !== null && now / 1000 - authTime <= FRESH_SIGN_IN_SECONDS;
}

const SIGN_IN_AGAIN =
  'To replace your authenticator app or turn two-step sign-in off, sign out and sign in again first, with your password and a code from your current app: the change is offered for 5 minutes after a sign-in.';

export interface TwoStepChoices {
  /** What the dialog says first. */
  status: string;
  /** Set up an authenticator app: the first one, or a new one replacing the old. */
  setUp: 'Set up an authenticator app' | 'Replace your authenticator app' | null;
  /** Turn TOTP off: only where the pool leaves it to the reader (`optional`). */
  turnOff: boolean;
}

/**
 * The dialog's choices. An authenticator in use is replaced or turned off only after a recent
 * sign-in (`freshSignIn`, FRESH_SIGN_IN_SECONDS); setting the first one up needs none.
 */
export function choicesFor(setting: PasswordAccountMfa, totpOn: boolean, freshSignIn: boolean): TwoStepChoices {
  if (setting === 'off')
    return { status: 'Two-step sign-in is not used by this handbook.', setUp: null, turnOff: false };
  if (totpOn && !freshSignIn) return { status: SIGN_IN_AGAIN, setUp: null, turnOff: false };
  if (setting === 'required') {
    return {
      status:
        'Two-step sign-in is on, and required for every password account: after your password, you enter a code from your authenticator app. If you have a new phone, set it up here while your old one still works.',
      setUp: 'Replace your authenticator app',
      turnOff: false,
    };
  }
  return totpOn
    ? {
        status:
          'Two-step sign-in is on: after your password, you enter a code from your authenticator app. You can move it to a new phone, or turn it off.',
        setUp: 'Replace your authenticator app',
        turnOff: true,
      }
    : {
        status:
          'Two-step sign-in is off: your password alone signs you in. Turn it on to ask for a code from an authenticator app on your phone as well.',
        setUp: 'Set up an authenticator app',
        turnOff: false,
      };
}

/** What the reader is told when a new authenticator is in place. */
export function doneMessage(replaced: boolean): string {
  return replaced
    ? 'Your new authenticator app is set up. Codes from the old one no longer work.'
    : 'Two-step sign-in is on. Next time you sign in, enter the code your authenticator app shows.';
}

/** A code as an authenticator app shows it: six digits, spaces allowed ("123 456"). */
export function typedCode(input: string): string | null {
  const digits = input.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * One line for a refused call, from the Cognito error name Amplify rethrows. Every refusal leaves
 * the account as it was: a new secret counts only once VerifySoftwareToken accepts a code for it
 * (API_AssociateSoftwareToken: "Amazon Cognito disassociates an existing software token when you
 * verify the new token in a VerifySoftwareToken API request").
 */
export function problemOf(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'EnableSoftwareTokenMFAException':
    case 'CodeMismatchException':
      return 'That code is wrong or has expired: enter the code your app shows now. Nothing has changed.';
    case 'SoftwareTokenMFANotFoundException':
    case 'ExpiredCodeException':
      return 'This setup has expired: start again. Nothing has changed.';
    case 'NotAuthorizedException':
      return 'Your session has ended: sign in again, then come back here. Nothing has changed.';
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return 'Too many attempts: wait a minute, then try again. Nothing has changed.';
    case 'NetworkError':
      return 'The sign-in service cannot be reached: check your connection and try again. Nothing has changed.';
    default:
      return `The sign-in service refused the change (${name || 'unknown error'}). Nothing has changed.`;
  }
}
