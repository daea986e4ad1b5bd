/**
 * Who may get an account: only the company's email domains, never by self sign-up, and a Google
 * account only of the company's Workspace (its `hd` claim, mapped to GOOGLE_HOSTED_DOMAIN, names a
 * company domain: a consumer Google account on a company address has none). The pool's pre-sign-up
 * trigger applies it (lambdas/pre-sign-up.ts), and so does the local identity service's Google
 * stand-in (identity/google-stand-in.ts), so local mode refuses whom the pool refuses.
 */
import { GOOGLE_HOSTED_DOMAIN } from './pool-attributes';

/** The part of Cognito's PreSignUp event this trigger reads. */
export interface PreSignUpEvent {
  triggerSource: 'PreSignUp_SignUp' | 'PreSignUp_AdminCreateUser' | 'PreSignUp_ExternalProvider' | string;
  userName: string;
  request: { userAttributes: Record<string, string | undefined> };
  response: { autoConfirmUser: boolean; autoVerifyEmail: boolean; autoVerifyPhone: boolean };
}

export class SignUpRefused extends Error {
  override name = 'SignUpRefused';
}

/** Parses ALLOWED_EMAIL_DOMAINS: lower-case host names, exact matches only (no implied subdomains). */
export function allowedDomains(value: string | undefined): Set<string> {
  const domains = (value ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  for (const domain of domains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
      throw new Error(`ALLOWED_EMAIL_DOMAINS has "${domain}", which is not a domain name`);
    }
  }
  return new Set(domains);
}

/** The domain of a single, plain email address, or null. */
export function emailDomain(email: string | undefined): string | null {
  const match = /^[^@\s]+@([^@\s]+)$/.exec(email?.trim().toLowerCase() ?? '');
  return match ? match[1] : null;
}

export function decideSignUp(event: PreSignUpEvent, domains: Set<string>): void {
  if (event.triggerSource === 'PreSignUp_SignUp') {
    throw new SignUpRefused('Self sign-up is disabled: ask an administrator for an account.');
  }
  if (domains.size === 0) {
    throw new SignUpRefused('No email domain is allowed to sign up (ALLOWED_EMAIL_DOMAINS is empty).');
  }
  const domain = emailDomain(event.request.userAttributes.email);
  if (!domain || !domains.has(domain)) {
    throw new SignUpRefused('Only company email addresses may sign in to the handbook.');
  }
  // Google is the pool's only external provider. "The userAttributes in the request object … contain
  // attributes … that have successfully been mapped from provider attributes for a federated user"
  // (Cognito, "Pre sign-up Lambda trigger"), under their pool names: `custom:hd`.
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return;
  if (!workspaceOf(event.request.userAttributes, domains)) {
    throw new SignUpRefused('Only Google accounts of the company’s Google Workspace may sign in to the handbook.');
  }
  // A company Workspace account's address is the Workspace's own: verified here, so `email_verified`
  // needs no mapping from Google and stays out of the app client's write attributes
  // (core/pool-attributes.ts). "autoVerifyEmail: Set to true to set as verified the email address of
  // a user who is signing up" (Cognito, "Pre sign-up Lambda trigger").
  event.response.autoVerifyEmail = true;
}

/** The company Workspace a federated user's mapped `hd` names (lower case), or null. */
export function workspaceOf(userAttributes: Record<string, string | undefined>, domains: Set<string>): string | null {
  const workspace = userAttributes[GOOGLE_HOSTED_DOMAIN]?.trim().toLowerCase();
  return workspace && domains.has(workspace) ? workspace : null;
}
