/**
 * Which of the session checker's checks refused a session (`session.ts`), named so a test, or an
 * operator reading a reader's complaint, can tell a forged signature from an expired token. The
 * verifier's failures are told apart by aws-jwt-verify's documented error classes
 * (`aws-jwt-verify/error`, "Errors" in its README), never by their message.
 */
import {
  CognitoJwtInvalidClientIdError,
  CognitoJwtInvalidTokenUseError,
  FetchError,
  JwksNotAvailableInCacheError,
  JwksValidationError,
  JwtExpiredError,
  JwtInvalidAudienceError,
  JwtInvalidIssuerError,
  JwtInvalidSignatureAlgorithmError,
  JwtInvalidSignatureError,
  JwtNotBeforeError,
  JwtParseError,
  JwtWithoutValidKidError,
  KidNotFoundInJwksError,
  ParameterValidationError,
  WaitPeriodNotYetEndedJwkError,
} from 'aws-jwt-verify/error';
import { KeysUnavailableError } from './jwks-fetchers';

export type RefusedCheck =
  /**
   * No token pair in the cookies that could be a session of the app client: none at all, junk, a
   * JWT without a signature (`alg: none`), a token too large to be Cognito's (`core/cookies.ts`).
   */
  | 'no session'
  /** Not a JWT at all. */
  | 'malformed'
  /** Not signed by a key of the pool: another key, an unknown key id, `alg: none`. */
  | 'signature'
  /** The pool's keys could not be downloaded (or failed moments ago). */
  | 'keys unavailable'
  | 'expired'
  | 'not yet valid'
  | 'issuer'
  /** An id token for another app client (`aud`). */
  | 'audience'
  /** An access token for another app client (`client_id`). */
  | 'client id'
  /** An id token where the access token belongs, or the reverse. */
  | 'token_use'
  /** The access and id tokens name different users. */
  | 'one user'
  /** No issue time, or one further ahead of the server's clock than the tolerance. */
  | 'issue time'
  /** A reader who came through Google whose email Google did not verify. */
  | 'verified email'
  /** Verified, but outside the reader group: the session is known and reads nothing. */
  | 'reader group'
  /** Sessions of two people in one Cookie header (cookies planted by a sibling site): which is the reader's own is unknowable. */
  | 'one person'
  /** Refused by the verifier for a reason not named above (its message is in `detail`). */
  | 'unverifiable';

export interface SessionRefusal {
  check: RefusedCheck;
  /** The token the check refused, when it was one token's. */
  token?: 'access' | 'id';
  detail?: string;
}

/** A failed custom claim check of the local pool's verifiers (`session.ts`). */
export class RefusedClaimError extends Error {
  constructor(readonly check: 'token_use' | 'client id') {
    super(`${check} does not match`);
    this.name = 'RefusedClaimError';
  }
}

const CHECKS: [new (...args: never[]) => Error, RefusedCheck][] = [
  [JwtParseError, 'malformed'],
  [JwtInvalidSignatureError, 'signature'],
  [JwtInvalidSignatureAlgorithmError, 'signature'],
  [KidNotFoundInJwksError, 'signature'],
  [JwtWithoutValidKidError, 'signature'],
  // An unknown key id again, while the verifier waits before downloading the keys anew.
  [WaitPeriodNotYetEndedJwkError, 'signature'],
  [KeysUnavailableError, 'keys unavailable'],
  [FetchError, 'keys unavailable'],
  [JwksNotAvailableInCacheError, 'keys unavailable'],
  [JwksValidationError, 'keys unavailable'],
  [JwtExpiredError, 'expired'],
  [JwtNotBeforeError, 'not yet valid'],
  [JwtInvalidIssuerError, 'issuer'],
  // A verifier built for the real pool looks the token's `iss` up among its pools and, finding it
  // missing or unknown, throws this (aws-jwt-verify 5, `JwtVerifierBase.getIssuerConfig`); the
  // gate's verifiers are otherwise built once from a checked manifest, so nothing else raises it.
  [ParameterValidationError, 'issuer'],
  [JwtInvalidAudienceError, 'audience'],
  [CognitoJwtInvalidClientIdError, 'client id'],
  [CognitoJwtInvalidTokenUseError, 'token_use'],
];

/** The check a verifier's failure on `token` stands for. */
export function refusalOf(error: unknown, token: 'access' | 'id'): SessionRefusal {
  if (error instanceof RefusedClaimError) return { check: error.check, token };
  const check = CHECKS.find(([kind]) => error instanceof kind)?.[1];
  if (check) return { check, token };
  return { check: 'unverifiable', token, detail: error instanceof Error ? error.message : String(error) };
}
