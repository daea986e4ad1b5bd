/**
 * The session as Amplify's cookies show it, read without Amplify: on a page the gate server has
 * served, the tokens were verified a moment ago, and reading them here costs no download and no
 * call to the identity service. Reading grants nothing: the gate server verifies the same tokens
 * (gate/session.ts) before it serves anything.
 */
import { chooseSession, sessionCandidates } from './cookies';
import type { SessionCookieNames, SessionTokens } from './cookies';
import {
  decodeJwtPayload,
  EXPIRY_TOLERANCE_SECONDS,
  lastAuthUserCookie,
  signedInThroughProvider,
  tokenCookie,
} from './session-format';

export interface Reader {
  name: string;
  email: string;
  /** Signed in through Google, whose own second factor applies, not with a password of the pool. */
  federated: boolean;
}

/** The reader an id token's claims name. */
export function readerOf(idClaims: Record<string, unknown>): Reader {
  const email = typeof idClaims.email === 'string' ? idClaims.email : '';
  const name = typeof idClaims.name === 'string' ? idClaims.name : email;
  return { email, name, federated: signedInThroughProvider(idClaims) };
}

export interface CookieSession {
  reader: Reader;
  /** Whether both tokens carry the reader group, as the gate requires (gate/session.ts). */
  inReaderGroup: boolean;
  /** When the first of the access and id tokens expires, in seconds since the epoch. */
  expiresAt: number;
}

export type { SessionTokens } from './cookies';

/** Where Amplify's CookieStorage keeps the app client's session (see `cookies.ts`). */
export function sessionCookieNames(clientId: string): SessionCookieNames {
  const around = (kind: 'accessToken' | 'idToken') => tokenCookie(clientId, '\n', kind).split('\n') as [string, string];
  return { lastAuthUser: lastAuthUserCookie(clientId), accessToken: around('accessToken'), idToken: around('idToken') };
}

/** Every session the cookies could hold, for the gate to verify (`cookies.ts` says why more than one). */
export function sessionTokenCandidates(cookieString: string, clientId: string): SessionTokens[] {
  return sessionCandidates(cookieString, sessionCookieNames(clientId));
}

/** Whether a token's payload lists `group` in `cognito:groups`. */
function carriesGroup(payload: Record<string, unknown> | null, group: string | undefined): boolean {
  const groups = payload?.['cognito:groups'];
  return group !== undefined && Array.isArray(groups) && groups.includes(group);
}

/**
 * The signed-in reader and the session's end, or null when the cookies hold no live session, or
 * live sessions of two readers (`chooseSession` in cookies.ts: the gate's rule).
 */
export function readCookieSession(
  cookieString: string,
  clientId: string,
  { readerGroup, now = Date.now() / 1000 }: { readerGroup?: string; now?: number } = {},
): CookieSession | null {
  const live = sessionTokenCandidates(cookieString, clientId).flatMap(({ accessToken, idToken }) => {
    const access = decodeJwtPayload(accessToken);
    const id = decodeJwtPayload(idToken);
    if (typeof access?.exp !== 'number' || typeof id?.exp !== 'number') return [];
    const expiresAt = Math.min(access.exp, id.exp);
    const reader = carriesGroup(access, readerGroup) && carriesGroup(id, readerGroup);
    return expiresAt - now > EXPIRY_TOLERANCE_SECONDS ? [{ id, expiresAt, userId: String(id.sub), reader }] : [];
  });
  const chosen = chooseSession(live);
  if (!chosen) return null;
  const { id, expiresAt, reader } = chosen;
  return { reader: readerOf(id), expiresAt, inReaderGroup: reader };
}
