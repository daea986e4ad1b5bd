/** Real sessions from the local identity service, as the browser's cookies carry them. */
import { localIdentity } from '../../identity/local-pool';
import { claimsOf, cognitoCall } from '../../identity/testing';

export const clientId = localIdentity.userPoolClientId;
export const prefix = `CognitoIdentityServiceProvider.${clientId}`;

export interface Tokens {
  accessToken: string;
  idToken: string;
}

export interface SignInTokens extends Tokens {
  refreshToken: string;
}

/** The Cookie header a browser sends after Amplify's CookieStorage stored a session. */
export function sessionCookie(
  tokens: Tokens,
  user = String(claimsOf(tokens.accessToken).username),
  appClientId: string = clientId,
): string {
  const cookiePrefix = `CognitoIdentityServiceProvider.${appClientId}`;
  return [
    `${cookiePrefix}.LastAuthUser=${encodeURIComponent(user)}`,
    `${cookiePrefix}.${user}.accessToken=${tokens.accessToken}`,
    `${cookiePrefix}.${user}.idToken=${tokens.idToken}`,
  ].join('; ');
}

/** The demo reader (or another user of the fixture) signed in at the local service (USER_PASSWORD_AUTH). */
export async function signInForTokens(
  identityUrl: string,
  user: { email: string; password: string } = localIdentity.demoUser,
): Promise<SignInTokens> {
  const { AuthenticationResult } = await cognitoCall<{
    AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string };
  }>(identityUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  return {
    accessToken: AuthenticationResult.AccessToken,
    idToken: AuthenticationResult.IdToken,
    refreshToken: AuthenticationResult.RefreshToken,
  };
}
