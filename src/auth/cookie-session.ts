/**
 * The session as Amplify's cookies show it, read without Amplify: on a page the gate server has
 * served, the tokens were verified a moment ago, and reading them here costs no download and no
 * call to the identity service. Reading grants nothing: the gate server verifies the same tokens
 * (gate/session.ts) before it serves anything.
 */
import { decodeJwtPayload, EXPIRY_TOLERANCE_SECONDS, lastAuthUserCookie, tokenCookie } from './session-format';

export interface Reader {
  name: string;
  email: string;
}

export interface CookieSession {
  reader: Reader;
  /** When the first of the access and id tokens expires, in seconds since the epoch. */
  expiresAt: number;
}

export interface SessionTokens {
  accessToken: string;
  idToken: string;
}

/** Cookie name to value; the first of a repeated name wins, undecodable pairs are dropped. */
function cookiesOf(cookieString: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of cookieString.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 1) continue;
    try {
      const name = decodeURIComponent(pair.slice(0, equals).trim());
      const value = decodeURIComponent(pair.slice(equals + 1).trim());
      if (!cookies.has(name)) cookies.set(name, value);
    } catch {
      // A cookie that is not ours, or not well-formed: not a session.
    }
  }
  return cookies;
}

/**
 * The tokens Amplify's CookieStorage keeps for the app client's last signed-in user, if both are
 * there. The gate server reads them from the Cookie header, the page from `document.cookie`.
 */
export function sessionTokens(cookieString: string, clientId: string): SessionTokens | null {
  const cookies = cookiesOf(cookieString);
  const user = cookies.get(lastAuthUserCookie(clientId));
  if (!user) return null;
  const accessToken = cookies.get(tokenCookie(clientId, user, 'accessToken'));
  const idToken = cookies.get(tokenCookie(clientId, user, 'idToken'));
  return accessToken && idToken ? { accessToken, idToken } : null;
}

/** The signed-in reader and the session's end, or null when the cookies hold no live session. */
export function readCookieSession(
  cookieString: string,
  clientId: string,
  now = Date.now() / 1000,
): CookieSession | null {
  const tokens = sessionTokens(cookieString, clientId);
  const access = decodeJwtPayload(tokens?.accessToken);
  const id = decodeJwtPayload(tokens?.idToken);
  if (typeof access?.exp !== 'number' || typeof id?.exp !== 'number') return null;
  const expiresAt = Math.min(access.exp, id.exp);
  if (expiresAt - now <= EXPIRY_TOLERANCE_SECONDS) return null;
  const email = typeof id.email === 'string' ? id.email : '';
  return { reader: { email, name: typeof id.name === 'string' ? id.name : email }, expiresAt };
}
