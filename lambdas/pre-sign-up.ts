/**
 * Cognito pre-sign-up trigger: only the company's email domains may get an account. Google
 * federation creates a user on first sign-in whatever the pool's admin-only setting says, so this
 * is what keeps outside Google accounts out. Self sign-up is refused outright (defence in depth:
 * the pool already allows admin-created users only). Configured by ALLOWED_EMAIL_DOMAINS, a comma
 * list; without it every sign-up is refused. The rule itself is core/sign-up-rule.ts.
 */
import { allowedDomains, decideSignUp } from '../core/sign-up-rule';
import type { PreSignUpEvent } from '../core/sign-up-rule';

export async function handler(event: PreSignUpEvent): Promise<PreSignUpEvent> {
  decideSignUp(event, allowedDomains(process.env.ALLOWED_EMAIL_DOMAINS));
  return event;
}
