/**
 * The site's sign-in settings as the browser reads them (`customFields.auth`, which
 * docusaurus.config.ts writes from core/amplify-config.ts, and the sign-in page's build writes
 * alone, through src/site-config.ts), and the session the page's cookies hold: the one place
 * either is read.
 */
import { readCookieSession } from '../../core/cookie-session';
import type { CookieSession } from '../../core/cookie-session';
import { passwordAccountMfaOfAmplify } from '../../core/password-mfa';
import type { PasswordAccountMfa } from '../../core/password-mfa';
import { userPoolOrigin } from '../../core/user-pool-origin';
import { authConfig } from '../site-config';

/** The app client whose cookies hold the session. */
export function userPoolClientId(): string {
  return authConfig().amplify.Auth?.Cognito.userPoolClientId ?? '';
}

/** The Cognito group an administrator puts readers in (`HANDBOOK_AUTH_READER_GROUP`). */
export function readerGroup(): string {
  return authConfig().readerGroup;
}

/** Where the user pool's API answers, for the calls the page makes without Amplify (`RevokeToken`). */
export function userPoolEndpoint(): string {
  const cognito = authConfig().amplify.Auth?.Cognito;
  return userPoolOrigin({ userPoolId: cognito?.userPoolId ?? '', userPoolEndpoint: cognito?.userPoolEndpoint });
}

/** The live session the page's cookies hold now, read without Amplify (core/cookie-session.ts); null when none. */
export function readPageSession(): CookieSession | null {
  return readCookieSession(document.cookie, userPoolClientId(), { readerGroup: readerGroup() });
}

/** The build's `passwordAccountMfa`, read back from Amplify's MFA settings (core/password-mfa.ts). */
export function passwordAccountMfa(): PasswordAccountMfa {
  return passwordAccountMfaOfAmplify(authConfig().amplify.Auth?.Cognito.mfa?.status);
}
