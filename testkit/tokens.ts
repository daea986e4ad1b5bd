/**
 * Tokens the local service would never issue, signed by the tests themselves: copies with claims
 * changed, forgeries, and the sessions of a stand-in for a real pool.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { GateAuth } from '../gate/manifest';
import { signJwt } from './jwt';
import { readPackagedPrivateKey } from '../identity/cognito-local';
import type { SigningKey } from '../identity/signing-key';
import { claimsOf, sessionCookieHeader } from './local-identity';

/**
 * The key pair inside the cognito-local package, which anyone can download: what a forger holds.
 * The service never signs with it (see `signing-key.ts`).
 */
export function packagedSigningKey(): { kid: string; pem: string } {
  const key = readPackagedPrivateKey();
  return { kid: key.jwk.kid, pem: key.pem };
}

/** A copy of a token with some claims replaced, signed again with `key` (the service's own, for tests). */
export function reissueToken(
  token: string,
  claims: Record<string, unknown>,
  key: Pick<SigningKey, 'kid' | 'pem'>,
): string {
  return signJwt({ kid: key.kid }, { ...claimsOf(token), ...claims }, key.pem);
}

/** A stand-in pool's signing key: the private half to sign with, and the JWKS the gate trusts. */
export interface TestPoolKey {
  kid: string;
  privateKey: KeyObject;
  jwks: Jwks;
}

export function testPoolKey(kid = 'pool'): TestPoolKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kty: 'RSA', kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, jwks: { keys: [jwk] } };
}

/** The Cookie header of a 15-minute session the pool `auth` would issue, signed with `key`. */
export function poolSessionCookie(
  auth: GateAuth,
  key: Pick<TestPoolKey, 'kid' | 'privateKey'>,
  groups: string[] = [auth.readerGroup],
): string {
  const now = Math.floor(Date.now() / 1000);
  const common = {
    sub: 'reader-sub',
    iss: auth.issuer,
    iat: now,
    exp: now + 900,
    auth_time: now,
    'cognito:groups': groups,
  };
  const access = { ...common, token_use: 'access', client_id: auth.clientId, username: 'reader-sub' };
  const id = { ...common, token_use: 'id', aud: auth.clientId, email: 'reader@example.com' };
  return sessionCookieHeader(
    {
      accessToken: signJwt({ kid: key.kid }, access, key.privateKey),
      idToken: signJwt({ kid: key.kid }, id, key.privateKey),
    },
    'reader-sub',
    auth.clientId,
  );
}
