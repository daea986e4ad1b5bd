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
import type { SessionTokens } from '../core/cookie-session';
import type { GateAuth } from './manifest';

/** Cognito tokens are 1-2 KB; anything far larger is not one and is not worth parsing. */
export const MAX_TOKEN_LENGTH = 8 * 1024;
const MAX_COOKIE_HEADER_LENGTH = 32 * 1024;

/**
 * A JWKS download that has not answered by then has failed: the request is refused, not held. The
 * local gate's key host is on loopback; the edge sets its own, longer deadline (viewer-request.ts).
 */
export const JWKS_DEADLINE_MS = 750;
/** After a failed download, requests are refused at once for this long instead of each waiting. */
export const JWKS_FAILURE_PAUSE_MS = 5_000;
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

/**
 * Downloads the JWKS over https from the real pool, or over plain http from the local identity
 * service on loopback (which aws-jwt-verify's own fetcher refuses), within the deadline.
 */
export class JwksFetcher implements Fetcher {
  constructor(
    private readonly mode: GateAuth['mode'],
    private readonly deadlineMs = JWKS_DEADLINE_MS,
  ) {}

  async fetch(uri: string): Promise<ArrayBuffer> {
    const url = new URL(uri);
    const allowed =
      this.mode === 'cognito' ? url.protocol === 'https:' : url.protocol === 'http:' && url.hostname === '127.0.0.1';
    if (!allowed) throw new Error(`Not a ${this.mode === 'cognito' ? 'https' : 'loopback'} JWKS: ${uri}`);
    const response = await fetch(url, { signal: AbortSignal.timeout(this.deadlineMs), redirect: 'error' });
    if (!response.ok) throw new Error(`${uri} answered ${response.status}`);
    return response.arrayBuffer();
  }
}

/**
 * Holds any fetcher to the deadline, and remembers a failure for a moment, so a key host that
 * swallows connections costs one request at most the deadline, and the next ones nothing.
 */
class BoundedFetcher implements Fetcher {
  private pausedUntil = 0;

  constructor(
    private readonly inner: Fetcher,
    private readonly deadlineMs: number,
  ) {}

  async fetch(uri: string): Promise<ArrayBuffer> {
    if (Date.now() < this.pausedUntil) throw new Error(`The JWKS at ${uri} failed moments ago`);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The JWKS at ${uri} did not answer in time`)), this.deadlineMs);
    });
    try {
      return await Promise.race([this.inner.fetch(uri), deadline]);
    } catch (error) {
      this.pausedUntil = Date.now() + JWKS_FAILURE_PAUSE_MS;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The key ids a JWKS holds. */
function kidsOf(jwks: Jwks): string[] {
  return jwks.keys.map((key) => String(key.kid)).sort();
}

/** What the pool publishes now, against the keys packaged with the function at deploy time. */
export interface KeysChanged {
  shipped: string[];
  live: string[];
}

/**
 * Downloads the pool's JWKS (through the bounded fetcher) but keeps the shipped keys too: Cognito
 * "might rotate signing keys", and the advice is to cache keys by `kid` and fetch again on an
 * unknown one (Cognito, "Verifying JSON web tokens"); tokens signed by a key the pool has just
 * retired still verify until they expire. Reports once when the live keys differ from the shipped.
 */
class ShippedKeysFetcher implements Fetcher {
  private reported = false;

  constructor(
    private readonly inner: Fetcher,
    private readonly shipped: Jwks,
    private readonly onKeysChanged: (change: KeysChanged) => void,
  ) {}

  async fetch(uri: string): Promise<ArrayBuffer> {
    const live = JSON.parse(new TextDecoder().decode(await this.inner.fetch(uri))) as Jwks;
    if (!Array.isArray(live?.keys)) throw new Error(`${uri} holds no JWKS`);
    const change = { shipped: kidsOf(this.shipped), live: kidsOf(live) };
    if (!this.reported && change.shipped.join() !== change.live.join()) {
      this.reported = true;
      this.onKeysChanged(change);
    }
    const liveKids = new Set(change.live);
    const merged = { keys: [...live.keys, ...this.shipped.keys.filter((key) => !liveKids.has(String(key.kid)))] };
    return new TextEncoder().encode(JSON.stringify(merged)).buffer as ArrayBuffer;
  }
}

function requireClaim(payload: JwtPayload, claim: string, expected: string): void {
  if (payload[claim] !== expected) throw new Error(`${claim} is not ${expected}`);
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
  const identities = id.identities;
  const federated = Array.isArray(identities) ? identities.length > 0 : identities !== undefined;
  return !federated || id.email_verified === true || id.email_verified === 'true';
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

export interface SessionChecker {
  /** The verified session the cookies carry, reader or not, or null. */
  readSession(cookieHeader: string | undefined): Promise<VerifiedSession | null>;
  /** Downloads the pool's keys now (at start-up), so the first reader does not wait; false if that failed. */
  loadKeys(): Promise<boolean>;
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

export function createSessionChecker(auth: GateAuth, options: SessionCheckerOptions = {}): SessionChecker {
  const deadlineMs = options.jwksDeadlineMs ?? JWKS_DEADLINE_MS;
  const bounded = new BoundedFetcher(options.fetcher ?? new JwksFetcher(auth.mode, deadlineMs), deadlineMs);
  const fetcher = options.jwks
    ? new ShippedKeysFetcher(bounded, options.jwks, options.onKeysChanged ?? (() => {}))
    : bounded;
  const jwksCache = new SimpleJwksCache({ fetcher });
  if (options.jwks) jwksCache.addJwks(auth.jwksUri, options.jwks);
  const verifiers = verifiersFor(auth, jwksCache);
  /** The session `tokens` hold, if every check passes. */
  async function verifiedSession(tokens: SessionTokens): Promise<VerifiedSession | null> {
    try {
      const [access, id] = await Promise.all([
        verifiers.access.verify(tokens.accessToken),
        verifiers.id.verify(tokens.idToken),
      ]);
      const now = Date.now() / 1000;
      // aws-jwt-verify requires exp: a token without one is refused before this line.
      if (typeof access.sub !== 'string' || access.sub !== id.sub || !access.exp || !id.exp) return null;
      if (!issuedInThePast(access, now) || !issuedInThePast(id, now)) return null;
      if (!emailTrusted(id)) return null;
      return {
        expiresAt: Math.min(access.exp, id.exp),
        userId: access.sub,
        ...(typeof id.email === 'string' ? { email: id.email } : {}),
        reader: inReaderGroup(access, auth.readerGroup) && inReaderGroup(id, auth.readerGroup),
      };
    } catch {
      return null;
    }
  }
  return {
    async readSession(cookieHeader) {
      const sessions = await Promise.all(sessionCandidatesFrom(cookieHeader, auth.clientId).map(verifiedSession));
      return chooseSession(sessions.filter((session): session is VerifiedSession => session !== null));
    },
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
