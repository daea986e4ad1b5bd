/**
 * The user a Google sign-in at the local hosted sign-in stands for: `Google_<sub>`, found, or
 * created on a first sign-in once the pool's pre sign-up rule (core/sign-up-rule.ts,
 * `PreSignUp_ExternalProvider`) allows it, with Google's claims mapped as the pool maps them, its
 * email verified as the rule decides, and its Workspace recorded as the post confirmation trigger
 * records it (core/workspace-record.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Context, Services, User } from './cognito-local';
import { decideSignUp } from '../core/sign-up-rule';
import type { PreSignUpEvent } from '../core/sign-up-rule';
import type { localIdentity } from '../core/local-pool';
import { GOOGLE_HOSTED_DOMAIN, GOOGLE_WORKSPACE } from '../core/pool-attributes';
import { workspaceToRecord } from '../core/workspace-record';

export type GoogleAccount = (typeof localIdentity.googleAccounts)[number];

/** The federated user `Google_<sub>`; throws `SignUpRefused` when the rule refuses a new one. */
export async function federatedUser(
  services: Services,
  ctx: Context,
  clientId: string,
  account: GoogleAccount,
  domains: Parameters<typeof decideSignUp>[1],
): Promise<User> {
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const username = `Google_${account.sub}`;
  const existing = await userPool.getUserByUsername(ctx, username);
  if (existing) return existing;
  // Google's mapped claims, as the pool stores them (infra/identity-stack.ts attributeMapping).
  const userAttributes = {
    email: account.email,
    name: account.name,
    [GOOGLE_HOSTED_DOMAIN]: account.hd ?? undefined,
  };
  const signUp: PreSignUpEvent = {
    triggerSource: 'PreSignUp_ExternalProvider',
    userName: username,
    request: { userAttributes },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
  decideSignUp(signUp, domains);
  // The pool's post confirmation trigger, as it runs for a federated first sign-in.
  const workspace = workspaceToRecord(
    {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: userPool.options.Id,
      userName: username,
      request: { userAttributes: { ...userAttributes, identities: 'Google' } },
    },
    domains,
  );
  const now = new Date();
  const user: User = {
    Username: username,
    Password: '',
    Attributes: [
      { Name: 'sub', Value: randomUUID() },
      { Name: 'email', Value: account.email },
      { Name: 'email_verified', Value: String(signUp.response.autoVerifyEmail) },
      { Name: 'name', Value: account.name },
      ...(account.hd ? [{ Name: GOOGLE_HOSTED_DOMAIN, Value: account.hd }] : []),
      ...(workspace ? [{ Name: GOOGLE_WORKSPACE, Value: workspace }] : []),
      {
        Name: 'identities',
        Value: JSON.stringify([{ providerName: 'Google', providerType: 'Google', userId: account.sub, primary: true }]),
      },
    ],
    Enabled: true,
    UserStatus: 'EXTERNAL_PROVIDER',
    UserCreateDate: now,
    UserLastModifiedDate: now,
    RefreshTokens: [],
  };
  await userPool.saveUser(ctx, user);
  return user;
}
