/**
 * Google sign-in through the hosted sign-in domain (Amplify's signInWithRedirect: PKCE and state),
 * and its return, all heard by one listener to Amplify's events: the reader's return path, the
 * failure to show on the gate, when the return has settled, and who else wants to know.
 */
import { signInWithRedirect } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useSyncExternalStore } from 'react';
import { rememberReturnPath } from './return-path';

export interface OAuthFailure {
  message: string;
  detail?: string;
}

/** Amplify's own words for a cancelled flow; anything else gets the general message. */
const CANCELLED = 'User cancelled OAuth flow.';
const GENERAL = 'An error has occurred during the oauth process.';

let failure: OAuthFailure | null = null;
const failureSubscribers = new Set<() => void>();

function setFailure(next: OAuthFailure | null): void {
  failure = next;
  failureSubscribers.forEach((notify) => notify());
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

/** `signedIn` comes twice for one return: with its state, then once complete. */
type Outcome = 'signedIn' | 'failed';
const outcomeSubscribers = new Set<(outcome: Outcome) => void>();
let settled: Promise<void> = Promise.resolve();

/** To those listening when the event came, as Amplify's Hub does. */
function tell(outcome: Outcome): void {
  for (const notify of [...outcomeSubscribers]) notify(outcome);
}

/**
 * Hears how a Google sign-in returning to this page ends. Call it once, before configuring
 * Amplify: configuring finishes a sign-in in progress.
 */
export function listenForGoogleReturn(): void {
  const query = new URLSearchParams(window.location.search);
  const returning = query.has('state') && (query.has('code') || query.has('error'));
  let settle = () => {};
  if (returning) settled = new Promise((resolve) => (settle = resolve));
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'customOAuthState') {
      try {
        rememberReturnPath((JSON.parse(payload.data) as { returnPath?: unknown }).returnPath);
      } catch {
        // A state that is not ours carries no return path; the reader lands on the home page.
      }
      tell('signedIn');
    } else if (payload.event === 'signInWithRedirect') {
      settle();
      tell('signedIn');
    } else if (payload.event === 'signInWithRedirect_failure') {
      setFailure(describeOAuthError(payload.data?.error));
      settle();
      tell('failed');
    }
  });
}

/**
 * Settles once a Google sign-in returning to this page has finished or failed (at once when the
 * page is no such return). Reading the session first can park behind Amplify's in-flight flag after
 * a failed return until its deadline passes.
 */
export function googleReturnSettled(): Promise<void> {
  return settled;
}

/** Calls back on each outcome of a Google sign-in, until the returned function is called. */
export function onGoogleSignIn(notify: (outcome: Outcome) => void): () => void {
  outcomeSubscribers.add(notify);
  return () => outcomeSubscribers.delete(notify);
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
      failureSubscribers.add(notify);
      return () => failureSubscribers.delete(notify);
    },
    () => failure,
    () => null,
  );
  return [current, () => setFailure(null)];
}
