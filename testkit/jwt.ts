/** JWTs the tests build themselves, with Node alone: no identity service, no verifier. */
import { sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/** A JWT header or payload as it travels: base64url of its JSON. */
export function encodeJwtPart(part: object): string {
  return Buffer.from(JSON.stringify(part)).toString('base64url');
}

/**
 * A JWT with the literal signature `signature`: for code that reads a token's claims without
 * verifying it (the browser's cookie reading, the inline live-session script).
 */
export function unverifiedJwt(claims: object, header: object = { alg: 'RS256' }): string {
  return `${encodeJwtPart(header)}.${encodeJwtPart(claims)}.signature`;
}

/** A JWT signed with RS256 by `privateKey`; `header` adds to `{ alg: 'RS256', typ: 'JWT' }`. */
export function signJwt(header: object, payload: object, privateKey: KeyObject | string): string {
  const signingInput = `${encodeJwtPart({ alg: 'RS256', typ: 'JWT', ...header })}.${encodeJwtPart(payload)}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
}
