/**
 * Cognito post confirmation trigger: at a Google account's first sign-in, records its company
 * Workspace in GOOGLE_WORKSPACE, which the app client cannot write, so `npm run grant` and `npm
 * run readers` never trust a Workspace the account wrote itself (the rule: core/workspace-record.ts).
 * Configured by ALLOWED_EMAIL_DOMAINS, as the pre sign-up trigger. Its role may only
 * AdminUpdateUserAttributes on this pool (infra/identity-stack.ts).
 */
import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { GOOGLE_WORKSPACE } from '../core/pool-attributes';
import { allowedDomains } from '../core/sign-up-rule';
import { workspaceToRecord } from '../core/workspace-record';
import type { PostConfirmationEvent } from '../core/workspace-record';

const client = new CognitoIdentityProviderClient({});

/** Records the Workspace, when there is one to record, through `cognito`. */
export async function recordWorkspace(
  cognito: CognitoIdentityProviderClient,
  event: PostConfirmationEvent,
  domains: Set<string>,
): Promise<void> {
  const workspace = workspaceToRecord(event, domains);
  if (!workspace) return;
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: event.userPoolId,
      Username: event.userName,
      UserAttributes: [{ Name: GOOGLE_WORKSPACE, Value: workspace }],
    }),
  );
}

export async function handler(event: PostConfirmationEvent): Promise<PostConfirmationEvent> {
  await recordWorkspace(client, event, allowedDomains(process.env.ALLOWED_EMAIL_DOMAINS));
  return event;
}
