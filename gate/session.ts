/**
 * Reads the reader's session from the cookies Amplify writes (`CookieStorage`) and verifies it
 * against the user pool's JWKS: signature, issuer, expiry and not-before, `token_use` and client id,
 * for both the access and the id token, which must belong to the same user; an issue time not in
 * the future; membership of the reader group an administrator manages; and, for a reader who came
 * through Google, an email Google verified.
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { sessionTokenCandidates } from '../core/cookie-session';
import { chooseSession } from '../core/cookies';
import { signedInThroughProvider } from '../core/session-format';
import type { SessionTokens } from '../core/cookie-session';
import { BoundedFetcher, JWKS_DEADLINE_MS, JwksFetcher, ShippedKeysFetcher } from './jwks-fetchers';
import type { KeysChanged } from './jwks-fetchers';
import type { GateAuth } from './manifest';
import { RefusedClaimError, refusalOf } from './session-refusal';
import type { SessionRefusal } from './session-refusal';

/** Cognito tokens are 1-2 KB; anything far larger is not one and is not worth parsing. */
export const MAX_TOKEN_LENGTH = 8 * 1024;
const MAX_COOKIE_HEADER_LENGTH = 32 * 1024;

/** Clocks differ a little: an issue time this far ahead of ours is still accepted. */
export const ISSUED_AT_TOLERANCE_SECONDS = 30;

/**
 * The sessions the Cookie header could hold (more than one only when another site of the domain
 * planted cookies: `core/cookies.ts`), leaving out tokens too large to be Cognito's; none when
 * the header itself is too large.
 */
export function sessionCandidatesFrom(cookieHeader: string | undefined, clientId: string): SessionTokens[] {
  if (!cookieHeader || cookieHeader.length > MAX_COOKIE_HEADER_LENGTH) return [];
  return sessionTokenCandidates(cookieHeader, clientId).filter(
    ({ accessToken, idToken }) => accessToken.length <= MAX_TOKEN_LENGTH && idToken.length <= MAX_TOKEN_LENGTH,
  );
}

interface TokenVerifier {
  verify(token: string): Promise<JwtPayload>;
}

function requireClaim(payload: JwtPayload, claim: 'token_use' | 'client_id', expected: string): void {
  if (payload[claim] !== expected) throw new RefusedClaimError(claim === 'client_id' ? 'client id' : claim);
}

function verifiersFor(auth: GateAuth, jwksCache: SimpleJwksCache): { access: TokenVerifier; id: TokenVerifier } {
  if (auth.mode === 'cognito') {
    // Never the local service's key: the issuer and JWKS are the real pool's, over https.
    const pool = { userPoolId: auth.userPoolId, clientId: auth.clientId };
    return {
      access: CognitoJwtVerifier.create({ ...pool, tokenUse: 'access' }, { jwksCache }),
      id: CognitoJwtVerifier.create({ ...pool, tokenUse: 'id' }, { jwksCache }),
    };
  }
  const local = { issuer: auth.issuer, jwksUri: auth.jwksUri };
  return {
    access: JwtRsaVerifier.create(
      {
        ...local,
        audience: null, // access tokens name their client in client_id, not aud
        customJwtCheck: ({ payload }) => {
          requireClaim(payload, 'token_use', 'access');
          requireClaim(payload, 'client_id', auth.clientId);
        },
      },
      { jwksCache },
    ),
    id: JwtRsaVerifier.create(
      { ...local, audience: auth.clientId, customJwtCheck: ({ payload }) => requireClaim(payload, 'token_use', 'id') },
      { jwksCache },
    ),
  };
}

function inReaderGroup(payload: JwtPayload, group: string): boolean {
  const groups = payload['cognito:groups'];
  return Array.isArray(groups) && groups.includes(group);
}

function issuedInThePast(payload: JwtPayload, now: number): boolean {
  return typeof payload.iat === 'number' && payload.iat <= now + ISSUED_AT_TOLERANCE_SECONDS;
}

/**
 * A reader who signed in through a federated provider (Google) carries `identities` in the id
 * token; Google accounts can exist for addresses nobody proved they own, so such a reader's email
 * must be one the provider verified (Cognito maps it to `email_verified`).
 */
function emailTrusted(id: JwtPayload): boolean {
  return !signedInThroughProvider(id) || id.email_verified === true || id.email_verified === 'true';
}

/** A verified session: who it is, and when its first token expires, in seconds since the epoch. */
export interface VerifiedSession {
  expiresAt: number;
  /** The user's `sub`. */
  userId: string;
  email?: string;
  /**
   * Whether both tokens carry the reader group. A verified user outside it (every new Google
   * sign-in, until an administrator acts) reads nothing, but is told who they are signed in as.
   */
  reader: boolean;
}

/**
 * What the cookies hold: the verified session (reader or not) or null, and when the person may not
 * read, the check that said no (for a verified non-reader, `reader group`).
 */
export type SessionCheck =
  | { session: VerifiedSession; refusal: null }
  | { session: VerifiedSession; refusal: SessionRefusal & { check: 'reader group' } }
  | { session: null; refusal: SessionRefusal };

export interface SessionChecker {
  /** The verified session the cookies carry, reader or not, or null. */
  readSession(cookieHeader: string | undefined): Promise<VerifiedSession | null>;
  /** Downloads the pool's keys now (at start-up), so the first reader does not wait; false if that failed. */
  loadKeys(): Promise<boolean>;
}

/** The pool's own checker, which can also say which check refused. */
export interface VerifyingSessionChecker extends SessionChecker {
  checkSession(cookieHeader: string | undefined): Promise<SessionCheck>;
}

export interface SessionCheckerOptions {
  /** Replaces the JWKS download, for tests that stand in for a real pool. */
  fetcher?: Fetcher;
  /**
   * The pool's JWKS as fetched at deploy time (the edge ships it): trusted from the first request
   * without a download. A token naming another key id costs one download, bounded by
   * `jwksDeadlineMs`, after which the live keys are trusted beside the shipped ones.
   */
  jwks?: Jwks;
  /** Told once when the live keys differ from the shipped `jwks`: the next deploy ships them. */
  onKeysChanged?: (change: KeysChanged) => void;
  /** How long a JWKS download may take (default `JWKS_DEADLINE_MS`). */
  jwksDeadlineMs?: number;
}

export function createSessionChecker(auth: GateAuth, options: SessionCheckerOptions = {}): VerifyingSessionChecker {
  const deadlineMs = options.jwksDeadlineMs ?? JWKS_DEADLINE_MS;
  const inner = options.fetcher ?? new JwksFetcher(auth.mode, deadlineMs);
  const shipped = options.jwks
    ? new ShippedKeysFetcher(inner, options.jwks, options.onKeysChanged ?? (() => {}))
    : inner;
  const jwksCache = new SimpleJwksCache({ fetcher: new BoundedFetcher(shipped, deadlineMs) });
  if (options.jwks) jwksCache.addJwks(auth.jwksUri, options.jwks);
  const verifiers = verifiersFor(auth, jwksCache);

  /** The session `tokens` hold if every check passes, or the first check that refused it. */
  async function verifiedSession(tokens: SessionTokens): Promise<VerifiedSession | SessionRefusal> {
    const [accessResult, idResult] = await Promise.allSettled([
      verifiers.access.verify(tokens.accessToken),
      verifiers.id.verify(tokens.idToken),
    ]);
    if (accessResult.status === 'rejected') return refusalOf(accessResult.reason, 'access');
    if (idResult.status === 'rejected') return refusalOf(idResult.reason, 'id');
    const [access, id] = [accessResult.value, idResult.value];
    const now = Date.now() / 1000;
    // aws-jwt-verify requires exp: a token without one is refused before this line.
    if (typeof access.sub !== 'string' || access.sub !== id.sub || !access.exp || !id.exp) return { check: 'one user' };
    if (!issuedInThePast(access, now)) return { check: 'issue time', token: 'access' };
    if (!issuedInThePast(id, now)) return { check: 'issue time', token: 'id' };
    if (!emailTrusted(id)) return { check: 'verified email', token: 'id' };
    return {
      expiresAt: Math.min(access.exp, id.exp),
      userId: access.sub,
      ...(typeof id.email === 'string' ? { email: id.email } : {}),
      reader: inReaderGroup(access, auth.readerGroup) && inReaderGroup(id, auth.readerGroup),
    };
  }

  async function checkSession(cookieHeader: string | undefined): Promise<SessionCheck> {
    const candidates = sessionCandidatesFrom(cookieHeader, auth.clientId);
    const results = await Promise.all(candidates.map(verifiedSession));
    const verified = results.filter((result): result is VerifiedSession => 'userId' in result);
    const session = chooseSession(verified);
    if (session?.reader) return { session, refusal: null };
    if (session) return { session, refusal: { check: 'reader group' } };
    if (verified.length > 0) return { session: null, refusal: { check: 'one person' } };
    return { session: null, refusal: results.find((result) => 'check' in result) ?? { check: 'no session' } };
  }

  return {
    checkSession,
    readSession: async (cookieHeader) => (await checkSession(cookieHeader)).session,
    async loadKeys() {
      if (options.jwks) return true;
      try {
        await jwksCache.getJwks(auth.jwksUri);
        return true;
      } catch {
        return false;
      }
    },
  };
}
