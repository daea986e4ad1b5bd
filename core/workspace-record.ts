/**
 * The Workspace a Google account records at its first sign-in (GOOGLE_WORKSPACE, which only
 * administrators write): the company Workspace its mapped `hd` names as the pool creates it, the
 * moment after the pre sign-up rule (sign-up-rule.ts) accepted that same `hd`, before the account
 * could write anything itself. The pool's post confirmation trigger records it
 * (lambdas/post-confirmation.ts), and so does the local identity service's Google stand-in
 * (identity/google-federated-user.ts).
 */
import { workspaceOf } from './sign-up-rule';

/** The part of Cognito's PostConfirmation event the trigger reads. */
export interface PostConfirmationEvent {
  triggerSource: 'PostConfirmation_ConfirmSignUp' | 'PostConfirmation_ConfirmForgotPassword' | string;
  userPoolId: string;
  userName: string;
  request: { userAttributes: Record<string, string | undefined> };
}

/**
 * The Workspace to record for a federated user's first sign-in, or null: a password account
 * confirming a forgotten password, or an account whose `hd` names no company Workspace.
 * Cognito gives a federated user the `identities` attribute; a first federated sign-in invokes the
 * trigger as PostConfirmation_ConfirmSignUp (developer guide, "Customizing user pool workflows with
 * Lambda triggers", federated user trigger sources).
 */
export function workspaceToRecord(event: PostConfirmationEvent, domains: Set<string>): string | null {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp' || !event.request.userAttributes.identities) return null;
  return workspaceOf(event.request.userAttributes, domains);
}
