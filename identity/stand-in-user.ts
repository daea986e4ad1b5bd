/**
 * What SRP step 1 answers for a name without an account (security review 3, finding 5): a user id
 * and a salt derived from a secret of this run of the service and the name, so an unknown name gets
 * a UUID like a reader's, the same one each time, as Cognito answers with PreventUserExistenceErrors.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** A secret of this run of the service, from which the answers for unknown users are derived. */
const STAND_IN_SECRET = randomBytes(32);

/**
 * An HMAC of `name` for `purpose`, under this run's secret. The name is taken exactly as the
 * user lookup takes it: cognito-local's is case-sensitive, as the deployed pool is (it sets no
 * UsernameConfiguration: CDK's `signInCaseSensitive` defaults to true). Lower-casing here gave
 * `NOBODY@` and `nobody@` one id while `READER@` and `reader@` got two (security review 4, finding 7).
 */
export function derived(purpose: string, name: string): Buffer {
  return createHmac('sha256', STAND_IN_SECRET).update(`${purpose}\0${name}`).digest();
}

/** A user id shaped like the pool's (a version 4 UUID), the same for the same unknown name. */
export function standInUserId(username: string): string {
  const bytes = derived('user', username).subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
