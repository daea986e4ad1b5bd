/**
 * The Amplify session format: the names of the cookies Amplify's CookieStorage keeps a session in,
 * how a token's claims are read, and the timing rules applied to them. Everything that touches a
 * session reads it through this module: the browser bundle, the inline head script (which
 * interpolates its values), the Node gate, the edge function, and the tests, which build their
 * cookies with the names the product reads. So it has no imports, and it lives in `core/` with
 * the other modules the browser, the gate, the edge and the tools share (`sign-in-route.ts`).
 */

export type TokenKind = 'accessToken' | 'idToken' | 'refreshToken';

/** Amplify's CookieStorage prefixes every key with the provider and the app client. */
function keyOf(clientId: string, key: string): string {
  return `CognitoIdentityServiceProvider.${clientId}.${key}`;
}

/** The start of the name of every cookie the app client's sessions are kept in. */
export function sessionCookiePrefix(clientId: string): string {
  return keyOf(clientId, '');
}

/** The cookie naming the app client's last signed-in user, whose tokens are the session. */
export function lastAuthUserCookie(clientId: string): string {
  return keyOf(clientId, 'LastAuthUser');
}

/** The cookie holding one of `user`'s tokens. */
export function tokenCookie(clientId: string, user: string, kind: TokenKind): string {
  return keyOf(clientId, `${user}.${kind}`);
}

/** A JWT's claims, read without verifying it (UTF-8 JSON in base64url); null when it is not a JWT. */
export function decodeJwtPayload(token: string | undefined): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      [...atob(base64)].map((character) => `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Amplify renews tokens this close to their expiry; a session this close to its end is not live. */
export const EXPIRY_TOLERANCE_SECONDS = 5;

/**
 * The gate serves a page only to a session with this long left, so the scripts the page fetches
 * next are not refused mid-load. The sign-in route renews a session closer to its end.
 */
export const PAGE_MIN_VALIDITY_SECONDS = 60;

/**
 * The browser renews a session this long before its end: the gate's page minimum plus half a
 * minute, which covers a background tab's throttled timers (session.tsx) and a slow check on the
 * way back from sign-in (continue-after-sign-in.ts).
 */
export const RENEW_BEFORE_EXPIRY_SECONDS = PAGE_MIN_VALIDITY_SECONDS + 30;

/**
 * Whether an id token is a federated user's (Google): Cognito puts the provider's `identities` in
 * such a user's id token, and never in a user of the pool's own password sign-in.
 */
export function signedInThroughProvider(idClaims: Record<string, unknown>): boolean {
  const identities = idClaims.identities;
  return Array.isArray(identities) ? identities.length > 0 : identities !== undefined;
}
