/**
 * What the sign-in form tells a reader after a step that moves them back to "Sign in": that their
 * password was reset, or that the three minutes Cognito gives a sign-in challenge ran out.
 */
import { confirmResetPassword } from 'aws-amplify/auth';
import { useSyncExternalStore } from 'react';
import { SIGNED_OUT_HERE_ONLY_PARAM } from '@site/core/sign-in-route';

export type Notice = 'passwordReset' | 'sessionExpired' | 'signedOutHereOnly';

export const NOTICE_TEXT: Record<Notice, string> = {
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  sessionExpired: 'Your sign-in session expired, sign in again.',
  signedOutHereOnly:
    'You are signed out of this browser, but the sign-in service could not be reached to end your session: a copy of it elsewhere still works. This browser ends it the next time it opens the handbook; to end it now, sign in and sign out again.',
};

/** A sign-out that could not revoke the session says so on the sign-in route (src/auth/sign-out.ts). */
let current: Notice | null =
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).has(SIGNED_OUT_HERE_ONLY_PARAM)
    ? 'signedOutHereOnly'
    : null;
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
