/**
 * Reads the reader's session from the cookies Amplify writes (`CookieStorage`) and verifies it
 * against the user pool's JWKS: signature, issuer, expiry and not-before, `token_use` and client id,
 * for both the access and the id token, which must belong to the same user.
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { GateAuth } from './manifest';

/** Cognito tokens are 1-2 KB; anything far larger is not one and is not worth parsing. */
export const MAX_TOKEN_LENGTH = 8 * 1024;
const MAX_COOKIE_HEADER_LENGTH = 32 * 1024;

const COOKIE_PREFIX = 'CognitoIdentityServiceProvider';

export interface SessionTokens {
  accessToken: string;
  idToken: string;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Cookie name to value; the first of a repeated name wins, undecodable pairs are dropped. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header || header.length > MAX_COOKIE_HEADER_LENGTH) return cookies;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 1) continue;
    const name = decoded(pair.slice(0, equals).trim());
    const value = decoded(pair.slice(equals + 1).trim());
    if (name !== null && value !== null && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** The tokens Amplify stored for the app client's last signed-in user, if both are there. */
export function sessionTokensFrom(cookieHeader: string | undefined, clientId: string): SessionTokens | null {
  const cookies = parseCookies(cookieHeader);
  const user = cookies.get(`${COOKIE_PREFIX}.${clientId}.LastAuthUser`);
  if (!user) return null;
  const accessToken = cookies.get(`${COOKIE_PREFIX}.${clientId}.${user}.accessToken`);
  const idToken = cookies.get(`${COOKIE_PREFIX}.${clientId}.${user}.idToken`);
  if (!accessToken || !idToken || accessToken.length > MAX_TOKEN_LENGTH || idToken.length > MAX_TOKEN_LENGTH) {
    return null;
  }
  return { accessToken, idToken };
}

interface TokenVerifier {
  verify(token: string): Promise<JwtPayload>;
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

/** A verified session: when its first token expires, in seconds since the epoch. */
export interface Session {
  expiresAt: number;
}

export interface SessionChecker {
  /** The verified session the cookies carry, or null. */
  readSession(cookieHeader: string | undefined): Promise<Session | null>;
}

/** `fetcher` replaces the JWKS download, for tests that stand in for a real pool. */
export function createSessionChecker(auth: GateAuth, options: { fetcher?: Fetcher } = {}): SessionChecker {
  const verifiers = verifiersFor(auth, options.fetcher);
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
        return { expiresAt: Math.min(access.exp, id.exp) };
      } catch {
        return null;
      }
    },
  };
}
