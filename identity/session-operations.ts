/**
 * The session operations cognito-local 5.3.0 lacks: GetTokensFromRefreshToken (the only refresh
 * call aws-amplify makes), GlobalSignOut (a reader signing out everywhere) and
 * AdminUserGlobalSignOut (an administrator ending someone's sessions, `npm run offboard`).
 */
import { InvalidParameterError, NotAuthorizedError, UserNotFoundError } from './cognito-local';
import { poolAndClient, verifiedClaims, withClaims } from './pool-operations';
import type { Operation } from './pool-operations';

/**
 * New access and id tokens for a refresh token. They keep the `auth_time` of the sign-in the
 * refresh token came from (cognito-local's refresh token carries it as `iat`): "auth_time: the
 * time when the authentication occurred" (Cognito, "Understanding the access token"), which is
 * how the "Two-step sign-in" dialog tells a fresh sign-in from a renewed session.
 */
export const refreshTokens: Operation = (services) => async (ctx, req) => {
  const { userPool, client } = await poolAndClient(services, ctx, req.ClientId);
  const refreshClaims = verifiedClaims(req.RefreshToken);
  const user = req.RefreshToken && refreshClaims ? await userPool.getUserByRefreshToken(ctx, req.RefreshToken) : null;
  if (!user || typeof refreshClaims?.iat !== 'number') throw new NotAuthorizedError('Invalid Refresh Token');
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, req.ClientMetadata, 'RefreshTokens');
  const signedIn = { auth_time: refreshClaims.iat };
  return {
    AuthenticationResult: {
      AccessToken: withClaims(tokens.AccessToken, signedIn),
      IdToken: withClaims(tokens.IdToken, signedIn),
      TokenType: 'Bearer',
    },
  };
};

export const globalSignOut: Operation = (services) => async (ctx, req) => {
  const claims = verifiedClaims(req.AccessToken, 'access');
  if (!claims || typeof claims.client_id !== 'string' || typeof claims.username !== 'string') {
    throw new NotAuthorizedError('Access Token has been revoked');
  }
  const { userPool } = await poolAndClient(services, ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, claims.username);
  if (user) await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

/** Ends every session of a user, as an administrator does when someone leaves (`npm run offboard`). */
export const adminUserGlobalSignOut: Operation = (services) => async (ctx, req) => {
  if (!req.UserPoolId || !req.Username) throw new InvalidParameterError('UserPoolId and Username are required');
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError();
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};
