/**
 * The signed-in reader's TOTP ("Two-step sign-in" in the account menu) through Amplify's own calls,
 * each answered by Cognito with the reader's access token: fetchMFAPreference (GetUser),
 * setUpTOTP (AssociateSoftwareToken), verifyTOTPSetup (VerifySoftwareToken) and
 * updateMFAPreference (SetUserMFAPreference). Loaded with the dialog, never with a page.
 */
import { getTotpCodeURL } from '@aws-amplify/ui';
import {
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import QRCode from 'qrcode';
import { TOTP_ISSUER } from '../../core/password-mfa';
import { loadAmplify } from './amplify';

/** Whether the reader's TOTP is on: Cognito asks for a code at each sign-in. */
export async function totpIsOn(): Promise<boolean> {
  await loadAmplify();
  const { enabled } = await fetchMFAPreference();
  return enabled?.includes('TOTP') ?? false;
}

/** When the session's sign-in happened (`auth_time`, seconds since the epoch), which renewals keep; null if unknown. */
export async function signedInAt(): Promise<number | null> {
  await loadAmplify();
  const authTime = (await fetchAuthSession()).tokens?.accessToken.payload.auth_time;
  return typeof authTime === 'number' ? authTime : null;
}

export interface NewAuthenticator {
  /** The shared secret in base32, for typing into an app that cannot scan. */
  secret: string;
  /** The `otpauth://` URI as a PNG data URL, drawn as the Authenticator's TOTP setup draws it. */
  qrCode: string;
}

/**
 * A new secret for the reader's app. Until a code of it is verified, the old one (if any) stays
 * the account's: "Amazon Cognito disassociates an existing software token when you verify the new
 * token in a VerifySoftwareToken API request" (API_AssociateSoftwareToken).
 */
export async function newAuthenticator(email: string): Promise<NewAuthenticator> {
  await loadAmplify();
  const { sharedSecret } = await setUpTOTP();
  const qrCode = await QRCode.toDataURL(getTotpCodeURL(TOTP_ISSUER, email, sharedSecret));
  return { secret: sharedSecret, qrCode };
}

/**
 * Makes the new secret the account's with a code from it, then TOTP the preferred (and so enabled)
 * factor: "Only one factor can be set as preferred" (API_SetUserMFAPreference). Already so for a
 * replaced authenticator; for a first one this is what turns it on.
 */
export async function confirmAuthenticator(code: string): Promise<void> {
  await verifyTOTPSetup({ code, options: { friendlyDeviceName: TOTP_ISSUER } });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/**
 * Turns TOTP off (`optional` only): Amplify's DISABLED sends SoftwareTokenMfaSettings
 * `{ Enabled: false, PreferredMfa: false }`. NOT_PREFERRED would leave it enabled, and "if an MFA
 * type is activated for a user, the user will be prompted for MFA during all sign-in attempts"
 * (API_SetUserMFAPreference).
 */
export async function turnTotpOff(): Promise<void> {
  await loadAmplify();
  await updateMFAPreference({ totp: 'DISABLED' });
}
