/**
 * Reads the reader's session from the cookies Amplify writes (`CookieStorage`) and verifies it
 * against the user pool's JWKS: signature, issuer, expiry and not-before, `token_use` and client id,
 * for both the access and the id token, which must belong to the same user.
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { sessionTokens } from '../src/auth/cookieSession';
import type { SessionTokens } from '../src/auth/cookieSession';
import type { GateAuth } from './manifest';

/** Cognito tokens are 1-2 KB; anything far larger is not one and is not worth parsing. */
export const MAX_TOKEN_LENGTH = 8 * 1024;
const MAX_COOKIE_HEADER_LENGTH = 32 * 1024;

/** The tokens in the Cookie header, unless the header or a token is too large to be a session. */
export function sessionTokensFrom(cookieHeader: string | undefined, clientId: string): SessionTokens | null {
  if (!cookieHeader || cookieHeader.length > MAX_COOKIE_HEADER_LENGTH) return null;
  const tokens = sessionTokens(cookieHeader, clientId);
  if (!tokens || tokens.accessToken.length > MAX_TOKEN_LENGTH || tokens.idToken.length > MAX_TOKEN_LENGTH) return null;
  return tokens;
}

interface TokenVerifier {
  verify(token: string): Promise<JwtPayload>;
  cacheJwks(jwks: Jwks): void;
}

/** Trusts only the keys it was given: a token signed by any other key fails, with no download. */
class NoFetcher implements Fetcher {
  async fetch(uri: string): Promise<ArrayBuffer> {
    throw new Error(`Only the packaged JWKS is trusted; not fetching ${uri}`);
  }
}

/** The local identity service speaks plain http on loopback, which aws-jwt-verify's fetcher refuses. */
export class LoopbackFetcher implements Fetcher {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const url = new URL(uri);
    if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1') throw new Error(`Not a loopback JWKS: ${uri}`);
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`${uri} answered ${response.status}`);
    return response.arrayBuffer();
  }
}

function requireClaim(payload: JwtPayload, claim: string, expected: string): void {
  if (payload[claim] !== expected) throw new Error(`${claim} is not ${expected}`);
}

function verifiersFor(auth: GateAuth, fetcher?: Fetcher): { access: TokenVerifier; id: TokenVerifier } {
  if (auth.mode === 'cognito') {
    // Never the local service's key: the issuer and JWKS are the real pool's, over https.
    const jwksCache = new SimpleJwksCache(fetcher ? { fetcher } : {});
    const pool = { userPoolId: auth.userPoolId, clientId: auth.clientId };
    return {
      access: CognitoJwtVerifier.create({ ...pool, tokenUse: 'access' }, { jwksCache }),
      id: CognitoJwtVerifier.create({ ...pool, tokenUse: 'id' }, { jwksCache }),
    };
  }
  const jwksCache = new SimpleJwksCache({ fetcher: fetcher ?? new LoopbackFetcher() });
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

/** A verified session: whose it is, and when its first token expires, in seconds since the epoch. */
export interface Session {
  expiresAt: number;
  /** The reader's `sub`. */
  userId: string;
  email?: string;
}

export interface SessionChecker {
  /** The verified session the cookies carry, or null. */
  readSession(cookieHeader: string | undefined): Promise<Session | null>;
}

/**
 * `jwks`: the pool's keys, trusted as given, never downloaded (the edge ships them with the
 * function). `fetcher` replaces the JWKS download, for tests that stand in for a real pool.
 */
export function createSessionChecker(auth: GateAuth, options: { fetcher?: Fetcher; jwks?: Jwks } = {}): SessionChecker {
  const verifiers = verifiersFor(auth, options.jwks ? new NoFetcher() : options.fetcher);
  if (options.jwks) {
    verifiers.access.cacheJwks(options.jwks);
    verifiers.id.cacheJwks(options.jwks);
  }
  return {
    async readSession(cookieHeader) {
      const tokens = sessionTokensFrom(cookieHeader, auth.clientId);
      if (!tokens) return null;
      try {
        const [access, id] = await Promise.all([
          verifiers.access.verify(tokens.accessToken),
          verifiers.id.verify(tokens.idToken),
        ]);
        // aws-jwt-verify requires exp: a token without one is refused before this line.
        if (typeof access.sub !== 'string' || access.sub !== id.sub || !access.exp || !id.exp) return null;
        return {
          expiresAt: Math.min(access.exp, id.exp),
          userId: access.sub,
          ...(typeof id.email === 'string' ? { email: id.email } : {}),
        };
      } catch {
        return null;
      }
    },
  };
}
