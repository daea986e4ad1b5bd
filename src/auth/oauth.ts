/**
 * Google sign-in through the hosted sign-in domain (Amplify's signInWithRedirect: PKCE and state),
 * and what came back from it: the reader's return path, or a failure to show on the gate.
 */
import { signInWithRedirect } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useSyncExternalStore } from 'react';
import { rememberReturnPath } from './returnPath';

export interface OAuthFailure {
  message: string;
  detail?: string;
}

/** Amplify's own words for a cancelled flow; anything else gets the SPEC's general message. */
const CANCELLED = 'User cancelled OAuth flow.';
const GENERAL = 'An error has occurred during the oauth process.';

let failure: OAuthFailure | null = null;
const subscribers = new Set<() => void>();

function setFailure(next: OAuthFailure | null): void {
  failure = next;
  subscribers.forEach((notify) => notify());
}

/** How Cognito reports a refusal by the pool's pre sign-up trigger, whose own message says why. */
const PRE_SIGN_UP_REFUSAL = /^PreSignUp failed with error (.+?)\.?\s*$/;

export function describeOAuthError(error: unknown): OAuthFailure {
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (message === CANCELLED) return { message: CANCELLED };
  const refusal = PRE_SIGN_UP_REFUSAL.exec(message);
  if (refusal) return { message: `${refusal[1]}.` };
  return { message: GENERAL, detail: message && message !== GENERAL ? message : undefined };
}

export function listenForOAuthOutcome(): void {
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'customOAuthState') {
      try {
        rememberReturnPath((JSON.parse(payload.data) as { returnPath?: unknown }).returnPath);
      } catch {
        // A state that is not ours carries no return path; the reader lands on the home page.
      }
    } else if (payload.event === 'signInWithRedirect_failure') {
      setFailure(describeOAuthError(payload.data?.error));
    }
  });
}

export async function signInWithGoogle(returnPath: string): Promise<void> {
  setFailure(null);
  try {
    await signInWithRedirect({ provider: 'Google', customState: JSON.stringify({ returnPath }) });
  } catch (error) {
    setFailure(describeOAuthError(error));
  }
}

/** The last OAuth failure and a way to dismiss it. */
export function useOAuthFailure(): [OAuthFailure | null, () => void] {
  const current = useSyncExternalStore(
    (notify) => {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
    () => failure,
    () => null,
  );
  return [current, () => setFailure(null)];
}
