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
 * The app client's WriteAttributes: exactly Google's mapped attributes, because "if your app client
 * allows users to sign in through an IdP, this array must include all attributes that you have
 * mapped to IdP attributes" (Cognito API, UserPoolClientType WriteAttributes). Nothing else: a
 * reader cannot write COMPANY_EMAIL.
 */
export const CLIENT_WRITE_ATTRIBUTES = ['email', 'email_verified', 'name', GOOGLE_HOSTED_DOMAIN] as const;
