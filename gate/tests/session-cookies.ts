/** Real sessions from the local identity service, as the browser's cookies carry them. */
import { localIdentity } from '../../identity/local-pool';
import { claimsOf, cognitoCall } from '../../identity/testing';

export const clientId = localIdentity.userPoolClientId;
export const prefix = `CognitoIdentityServiceProvider.${clientId}`;

export interface Tokens {
  accessToken: string;
  idToken: string;
}

/** The Cookie header a browser sends after Amplify's CookieStorage stored a session. */
export function sessionCookie(tokens: Tokens, user = String(claimsOf(tokens.accessToken).username)): string {
  return [
    `${prefix}.LastAuthUser=${encodeURIComponent(user)}`,
    `${prefix}.${user}.accessToken=${tokens.accessToken}`,
    `${prefix}.${user}.idToken=${tokens.idToken}`,
  ].join('; ');
}

export async function signInForTokens(identityUrl: string): Promise<Tokens> {
  const { AuthenticationResult } = await cognitoCall<{
    AuthenticationResult: { AccessToken: string; IdToken: string };
  }>(identityUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: localIdentity.demoUser.email, PASSWORD: localIdentity.demoUser.password },
  });
  return { accessToken: AuthenticationResult.AccessToken, idToken: AuthenticationResult.IdToken };
}
