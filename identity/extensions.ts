/**
 * What the handbook needs from Cognito that cognito-local 5.3.0 does not do, or does unlike a
 * Cognito pool, installed into cognito-local's own operation table (internal to it, reached
 * through ./cognito-local.ts). Every operation added or replaced here:
 *   - InitiateAuth: USER_SRP_AUTH added (`srp-sign-in.ts`); USER_PASSWORD_AUTH refuses a disabled
 *     user and words an unknown user as a wrong password (`user-existence.ts`).
 *   - RespondToAuthChallenge: PASSWORD_VERIFIER and a session-checked NEW_PASSWORD_REQUIRED added
 *     (`srp-sign-in.ts`); the second factor's challenges (`second-factor.ts`, installed beside).
 *   - ForgotPassword, ConfirmForgotPassword: an unknown user answered like a known one
 *     (`user-existence.ts`).
 *   - SignUp: refused to anyone, as the handbook's pool has self sign-up disabled (below).
 *   - GetTokensFromRefreshToken, GlobalSignOut, AdminUserGlobalSignOut: added
 *     (`session-operations.ts`).
 *   - UpdateUserAttributes: only the attributes the app client may write (`write-attributes.ts`).
 *   - UpdateUserAttributes, AdminUpdateUserAttributes, AdminCreateUser: an email Cognito would not
 *     take is refused (`email-format.ts`).
 *   - GetUser, GetUserAttributeVerificationCode, VerifyUserAttribute, UpdateUserAttributes,
 *     DeleteUserAttributes, DeleteUser, ChangePassword: an access token this service did not sign
 *     is refused (`access-token.ts`).
 */
import { NotAuthorizedError, Targets } from './cognito-local';
import { ACCESS_TOKEN_OPERATIONS, requiringSignedAccessToken } from './access-token';
import { refusingMalformedEmail } from './email-format';
import type { Operation } from './pool-operations';
import { adminUserGlobalSignOut, globalSignOut, refreshTokens } from './session-operations';
import { setNewPassword, startSrpSignIn, verifyPassword } from './srp-sign-in';
import { confirmForgotPassword, forgotPassword, refusingDisabledUsers } from './user-existence';
import { onlyClientWriteAttributes } from './write-attributes';

/** The handbook's pool has self sign-up disabled: Cognito refuses SignUp to anyone, existing or not. */
const refuseSignUp: Operation = () => async () => {
  throw new NotAuthorizedError('SignUp is not permitted for this user pool');
};

/** Adds the operations above to cognito-local, delegating every other request to its own. */
export function installExtensions(): void {
  const table = Targets as unknown as Record<string, Operation>;
  const initiateAuth = refusingDisabledUsers(table.InitiateAuth);
  const respondToAuthChallenge = table.RespondToAuthChallenge;
  table.InitiateAuth = (services) => (ctx, req) =>
    req.AuthFlow === 'USER_SRP_AUTH' ? startSrpSignIn(services)(ctx, req) : initiateAuth(services)(ctx, req);
  table.RespondToAuthChallenge = (services) => (ctx, req) => {
    if (req.ChallengeName === 'PASSWORD_VERIFIER') return verifyPassword(services)(ctx, req);
    if (req.ChallengeName === 'NEW_PASSWORD_REQUIRED') return setNewPassword(services)(ctx, req);
    return respondToAuthChallenge(services)(ctx, req);
  };
  table.ForgotPassword = forgotPassword(table.ForgotPassword);
  table.ConfirmForgotPassword = confirmForgotPassword(table.ConfirmForgotPassword);
  table.SignUp = refuseSignUp;
  table.GetTokensFromRefreshToken = refreshTokens;
  table.GlobalSignOut = globalSignOut;
  table.AdminUserGlobalSignOut = adminUserGlobalSignOut;
  table.UpdateUserAttributes = refusingMalformedEmail(onlyClientWriteAttributes(table.UpdateUserAttributes));
  table.AdminUpdateUserAttributes = refusingMalformedEmail(table.AdminUpdateUserAttributes);
  table.AdminCreateUser = refusingMalformedEmail(table.AdminCreateUser);
  for (const operation of ACCESS_TOKEN_OPERATIONS) table[operation] = requiringSignedAccessToken(table[operation]);
}
