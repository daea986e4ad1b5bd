/**
 * Every operation that acts on "the user the access token names" refuses a token this service did
 * not sign, as Cognito does ("Invalid Access Token", NotAuthorizedException). cognito-local 5.3.0
 * decodes the token without verifying it, so an unsigned token (`alg: none`) naming another user's
 * `sub` read that user (security review 4, finding 9). The operations second-factor.ts replaces
 * verify it themselves; these are wrapped.
 */
import { NotAuthorizedError } from './cognito-local';
import { verifiedClaims } from './pool-operations';
import type { Operation } from './pool-operations';

/** cognito-local's operations that take the user from `AccessToken` and that no extension replaces. */
export const ACCESS_TOKEN_OPERATIONS = [
  'GetUser',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'DeleteUser',
  'ChangePassword',
] as const;

/** The operation, after refusing a request whose access token this service did not sign or has expired. */
export function requiringSignedAccessToken(original: Operation): Operation {
  return (services) => async (ctx, req) => {
    if (!verifiedClaims(req.AccessToken, 'access')) throw new NotAuthorizedError('Invalid Access Token');
    return original(services)(ctx, req);
  };
}
