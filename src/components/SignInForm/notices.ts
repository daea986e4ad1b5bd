/**
 * What the sign-in form tells a reader after a step that moves them back to "Sign in": that their
 * password was reset, or that the three minutes Cognito gives a sign-in challenge ran out.
 */
import { confirmResetPassword } from 'aws-amplify/auth';
import { useSyncExternalStore } from 'react';

export type Notice = 'passwordReset' | 'sessionExpired';

export const NOTICE_TEXT: Record<Notice, string> = {
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  sessionExpired: 'Your sign-in session expired, sign in again.',
};

let current: Notice | null = null;
const subscribers = new Set<() => void>();

export function setNotice(next: Notice | null): void {
  current = next;
  subscribers.forEach((notify) => notify());
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(
    (notify) => {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
    () => current,
    () => null,
  );
}

type ConfirmResetPasswordInput = Extract<Parameters<typeof confirmResetPassword>, [unknown]>[0];

/**
 * The Authenticator's call for the last step of a password reset, remembering that it succeeded. It
 * calls it with the input alone; Amplify's function also takes a context first, hence the cast.
 */
export const services = {
  handleForgotPasswordSubmit: (async (input: ConfirmResetPasswordInput) => {
    await confirmResetPassword(input);
    setNotice('passwordReset');
  }) as typeof confirmResetPassword,
};
