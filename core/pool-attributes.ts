/**
 * The user pool's attributes beyond Cognito's standard ones, and what a reader's own access token
 * may write. The deployed pool (infra/identity-stack.ts) and the local one (identity/fixture/) both
 * follow these; infra/tests/stacks.test.ts checks that they agree.
 */

/**
 * The company address an administrator gave the person, recorded by `npm run grant`. Only
 * administrators write it (it is not in CLIENT_WRITE_ATTRIBUTES), so a reader who changes and
 * verifies their `email` is still found by this one when they leave (infra/offboard.ts).
 */
export const COMPANY_EMAIL = 'custom:company_email';

/**
 * Google's `hd` claim, mapped at every Google sign-in: the Workspace domain of the account, absent
 * for a consumer account ("hd: The domain associated with the Google Workspace or Cloud
 * organization of the user. Provided only if the user belongs to a Google Cloud organization",
 * https://developers.google.com/identity/openid-connect/openid-connect).
 */
export const GOOGLE_HOSTED_DOMAIN = 'custom:hd';

/**
 * The Workspace of a Google account as recorded when Google's claims were seen: at the account's
 * first sign-in, by the pool's post confirmation trigger (lambdas/post-confirmation.ts), from the
 * `hd` the pre sign-up rule has just accepted. GOOGLE_HOSTED_DOMAIN is mapped, so the app client
 * must be able to write it (below), and a Google account that sends no `hd` keeps whatever its own
 * token wrote there (security review 4, finding 6); this one only administrators write, and it is
 * the only Workspace `npm run grant` and `npm run readers` trust. Empty for a Google account created
 * before the trigger existed (readers flags it for a one-time check) and for password accounts.
 */
export const GOOGLE_WORKSPACE = 'custom:workspace';

/**
 * The app client's WriteAttributes: exactly Google's mapped attributes, because "if your app client
 * allows users to sign in through an IdP, this array must include all attributes that you have
 * mapped to IdP attributes" (Cognito API, UserPoolClientType WriteAttributes). Nothing else: a
 * reader cannot write COMPANY_EMAIL, GOOGLE_WORKSPACE nor `email_verified`, which is no longer
 * mapped: the pre sign-up trigger verifies a Google account's email as it accepts the account
 * (`autoVerifyEmail`, core/sign-up-rule.ts).
 */
export const CLIENT_WRITE_ATTRIBUTES = ['email', 'name', GOOGLE_HOSTED_DOMAIN] as const;
