/**
 * What the handbook needs from Cognito that cognito-local 5.3.0 does not implement: Amplify's
 * default SRP sign-in (USER_SRP_AUTH with PASSWORD_VERIFIER and a session-checked
 * NEW_PASSWORD_REQUIRED), GetTokensFromRefreshToken (the only refresh call aws-amplify makes)
 * GlobalSignOut and AdminUserGlobalSignOut. They are added to cognito-local's own operation table,
 * and three of its operations are wrapped: InitiateAuth (disabled users refused), ForgotPassword and
 * ConfirmForgotPassword. The table is internal to cognito-local (reached through ./cognito-local.ts).
 */
import { createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import type { JsonWebKey as NodeJsonWebKey } from 'node:crypto';
import {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  loadedKeyModules,
  NotAuthorizedError,
  PasswordResetRequiredError,
  Targets,
  UserNotConfirmedException,
  UserNotFoundError,
} from './cognito-local';
import type { AppClient, Context, Services, User, UserPoolService } from './cognito-local';
import { decodeJwtPayload } from '../core/session-format';
import { claimSignature, sessionKey, signaturesMatch, srpPoolName, srpPublicHex, startSrp } from './srp';
import type { SrpChallenge } from './srp';
import { passwordPolicyViolation } from './password-policy';
import { onlyClientWriteAttributes } from './write-attributes';
import { secondFactorOr } from './second-factor';
import { derived, standInUserId } from './stand-in-user';

/** Cognito's wording, which the Authenticator shows as is. */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
/** How long an SRP challenge or a new-password session may be answered, as in Cognito. */
export const CHALLENGE_TTL_MS = 3 * 60_000;

export type Request = Record<string, unknown> & {
  ClientId?: string;
  AuthFlow?: string;
  AuthParameters?: Record<string, string>;
  ChallengeName?: string;
  ChallengeResponses?: Record<string, string>;
  ClientMetadata?: Record<string, string>;
  Session?: string;
  RefreshToken?: string;
  AccessToken?: string;
  UserPoolId?: string;
  Username?: string;
};
export type Operation = (services: Services) => (ctx: Context, req: Request) => Promise<object>;

interface PendingChallenge {
  username: string;
  clientId: string;
  srpA: string;
  srp: SrpChallenge;
  expiresAt: number;
}
interface NewPasswordSession {
  username: string;
  clientId: string;
  expiresAt: number;
}

/** Keyed by SECRET_BLOCK, which the client echoes back; each is answerable once. */
const pendingChallenges = new Map<string, PendingChallenge>();
const newPasswordSessions = new Map<string, NewPasswordSession>();

/**
 * Unanswered challenges are forgotten when they expire, and at most this many wait at once (the
 * oldest go first), so a flood of sign-ins never answered cannot grow the service's memory.
 */
export const MAX_WAITING_CHALLENGES = 1_000;
/** SRP_A is a 3072-bit number: 768 hexadecimal digits at most. */
const MAX_SRP_A_LENGTH = 768;

export function remember<T extends { expiresAt: number }>(store: Map<string, T>, key: string, entry: T): void {
  const now = Date.now();
  for (const [waiting, { expiresAt }] of store) {
    if (expiresAt <= now || store.size >= MAX_WAITING_CHALLENGES) store.delete(waiting);
    else break;
  }
  store.set(key, entry);
}

export function takeUnexpired<T extends { expiresAt: number }>(
  store: Map<string, T>,
  key: string | undefined,
): T | undefined {
  if (!key) return undefined;
  const entry = store.get(key);
  store.delete(key);
  return entry && entry.expiresAt > Date.now() ? entry : undefined;
}

export async function poolAndClient(services: Services, ctx: Context, clientId: string | undefined) {
  if (!clientId) throw new InvalidParameterError('Missing required parameter ClientId');
  const client = await services.cognito.getAppClient(ctx, clientId);
  if (!client) throw new NotAuthorizedError('Client is not known to this user pool.');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  return { userPool, client };
}

export async function issueTokens(
  services: Services,
  ctx: Context,
  userPool: UserPoolService,
  client: AppClient,
  user: User,
  req: Request,
) {
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(
    ctx,
    user,
    groups,
    client,
    req.ClientMetadata,
    'Authentication',
  );
  await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, TokenType: 'Bearer' } };
}

const startSrpSignIn: Operation = (services) => async (ctx, req) => {
  const { USERNAME: username, SRP_A: srpA } = req.AuthParameters ?? {};
  if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
  if (!srpA) throw new InvalidParameterError('Missing required parameter SRP_A');
  if (srpA.length > MAX_SRP_A_LENGTH) throw new InvalidParameterError('SRP_A is not a valid SRP public value');
  const { userPool } = await poolAndClient(services, ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, username);
  // As Cognito with PreventUserExistenceErrors: an unknown user (or one without a password) gets a
  // challenge like anyone's, made at the same cost, which no password can answer, under a user id
  // and a salt that stay the same for the name, as a real account's do (security review 3, finding 5).
  const known = user?.Password ? user : null;
  const srpUser = known?.Username ?? standInUserId(username);
  const password = known?.Password ?? derived('password', username).toString('hex');
  const srp = startSrp(
    srpPoolName(userPool.options.Id),
    srpUser,
    password,
    derived('salt', srpUser).toString('hex').slice(0, 32),
  );
  const secretBlock = randomBytes(64).toString('base64');
  remember(pendingChallenges, secretBlock, {
    username: known ? srpUser : '',
    clientId: req.ClientId as string,
    srpA,
    srp,
    expiresAt: Date.now() + CHALLENGE_TTL_MS,
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: srp.saltHex,
      SECRET_BLOCK: secretBlock,
      SRP_B: srpPublicHex(srp.B),
      USERNAME: srpUser,
      USER_ID_FOR_SRP: srpUser,
    },
  };
};

const verifyPassword: Operation = (services) => async (ctx, req) => {
  const responses = req.ChallengeResponses ?? {};
  const pending = takeUnexpired(pendingChallenges, responses.PASSWORD_CLAIM_SECRET_BLOCK);
  if (!pending?.username || pending.clientId !== req.ClientId || pending.username !== responses.USERNAME) {
    throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
  }
  const { userPool, client } = await poolAndClient(services, ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, pending.username);
  const key = sessionKey(pending.srp, pending.srpA);
  if (!user || !key || !responses.TIMESTAMP || !responses.PASSWORD_CLAIM_SIGNATURE) {
    throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
  }
  const poolName = srpPoolName(userPool.options.Id);
  const expected = claimSignature(
    key,
    poolName,
    user.Username,
    responses.PASSWORD_CLAIM_SECRET_BLOCK,
    responses.TIMESTAMP,
  );
  if (!signaturesMatch(expected, responses.PASSWORD_CLAIM_SIGNATURE))
    throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
  // Only someone who knows the password learns that the account was disabled.
  if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');

  if (user.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
  if (user.UserStatus === 'RESET_REQUIRED') throw new PasswordResetRequiredError();
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
    const session = randomUUID();
    remember(newPasswordSessions, session, {
      username: user.Username,
      clientId: pending.clientId,
      expiresAt: Date.now() + CHALLENGE_TTL_MS,
    });
    const attributes = Object.fromEntries(user.Attributes.map(({ Name, Value }) => [Name, Value]));
    delete attributes.sub;
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.Username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify(attributes),
      },
    };
  }
  return secondFactorOr(userPool, user, pending.clientId, () =>
    issueTokens(services, ctx, userPool, client, user, req),
  );
};

const setNewPassword: Operation = (services) => async (ctx, req) => {
  const session = takeUnexpired(newPasswordSessions, req.Session);
  const responses = req.ChallengeResponses ?? {};
  if (!session || session.clientId !== req.ClientId) {
    throw new NotAuthorizedError('Invalid session for the user, session is expired.');
  }
  const { userPool, client } = await poolAndClient(services, ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, session.username);
  if (!user) throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
  const newPassword = responses.NEW_PASSWORD;
  if (!newPassword) throw new InvalidParameterError('Missing required parameter NEW_PASSWORD');
  const violation = passwordPolicyViolation(newPassword, userPool.options.Policies?.PasswordPolicy);
  if (violation) {
    // The session survives a rejected password, as in Cognito, so the reader can try again.
    newPasswordSessions.set(req.Session as string, session);
    throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${violation}`);
  }
  const updated: User = { ...user, Password: newPassword, UserStatus: 'CONFIRMED', UserLastModifiedDate: new Date() };
  await userPool.saveUser(ctx, updated);
  return secondFactorOr(userPool, updated, session.clientId, () =>
    issueTokens(services, ctx, userPool, client, updated, req),
  );
};

/** The key the service signs with: this start's own, once `installSigningKey` has run. */
const signingKey = () => createPublicKey({ key: loadedKeyModules.public.jwk as NodeJsonWebKey, format: 'jwk' });

/** Claims of a token this service signed, or null if its signature, type or expiry is wrong. */
export function verifiedClaims(token: string | undefined, tokenUse?: 'access'): Record<string, unknown> | null {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), signingKey(), Buffer.from(signature, 'base64url')))
    return null;
  const claims = decodeJwtPayload(token);
  if (typeof claims?.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
  if (tokenUse && claims.token_use !== tokenUse) return null;
  return claims;
}

const refreshTokens: Operation = (services) => async (ctx, req) => {
  const { userPool, client } = await poolAndClient(services, ctx, req.ClientId);
  const user =
    req.RefreshToken && verifiedClaims(req.RefreshToken)
      ? await userPool.getUserByRefreshToken(ctx, req.RefreshToken)
      : null;
  if (!user) throw new NotAuthorizedError('Invalid Refresh Token');
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, req.ClientMetadata, 'RefreshTokens');
  return { AuthenticationResult: { AccessToken: tokens.AccessToken, IdToken: tokens.IdToken, TokenType: 'Bearer' } };
};

const globalSignOut: Operation = (services) => async (ctx, req) => {
  const claims = verifiedClaims(req.AccessToken, 'access');
  if (!claims || typeof claims.client_id !== 'string' || typeof claims.username !== 'string') {
    throw new NotAuthorizedError('Access Token has been revoked');
  }
  const { userPool } = await poolAndClient(services, ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, claims.username);
  if (user) await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

/**
 * USER_PASSWORD_AUTH (used by the test kit) as Cognito with PreventUserExistenceErrors answers it:
 * an unknown user and a wrong password get the same words, and only the right password learns that
 * the account is disabled (cognito-local signs a disabled user in, and words each case apart).
 */
const refusingDisabledUsers =
  (initiateAuth: Operation): Operation =>
  (services) =>
  async (ctx, req) => {
    const username = req.AuthParameters?.USERNAME;
    if (req.AuthFlow === 'USER_PASSWORD_AUTH' && username && req.ClientId) {
      const { userPool } = await poolAndClient(services, ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, username);
      if (!user?.Password || user.Password !== req.AuthParameters?.PASSWORD) {
        throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
      }
      if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
    }
    return initiateAuth(services)(ctx, req);
  };

/** The handbook's pool has self sign-up disabled: Cognito refuses SignUp to anyone, existing or not. */
const refuseSignUp: Operation = () => async () => {
  throw new NotAuthorizedError('SignUp is not permitted for this user pool');
};

/** Ends every session of a user, as an administrator does when someone leaves (`npm run offboard`). */
const adminUserGlobalSignOut: Operation = (services) => async (ctx, req) => {
  if (!req.UserPoolId || !req.Username) throw new InvalidParameterError('UserPoolId and Username are required');
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError();
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};
/** How Cognito shows a delivery address: `r***@h***`. */
function maskedDestination(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

/**
 * ForgotPassword as a pool with `PreventUserExistenceErrors` answers it: an unknown user gets the same
 * kind of CodeDeliveryDetails as a known one, and the destination is masked for both.
 * https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pool-managing-errors.html
 */
function forgotPassword(original: Operation): Operation {
  return (services) => async (ctx, req) => {
    const { userPool } = await poolAndClient(services, ctx, req.ClientId);
    const username = typeof req.Username === 'string' ? req.Username : '';
    const user = username ? await userPool.getUserByUsername(ctx, username) : null;
    if (!user) {
      return {
        CodeDeliveryDetails: {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: maskedDestination(username),
        },
      };
    }
    const result = (await original(services)(ctx, req)) as { CodeDeliveryDetails: { Destination: string } };
    const details = result.CodeDeliveryDetails;
    return { ...result, CodeDeliveryDetails: { ...details, Destination: maskedDestination(details.Destination) } };
  };
}

/** With `PreventUserExistenceErrors`, a code for an unknown user is simply a wrong code. */
function confirmForgotPassword(original: Operation): Operation {
  return (services) => async (ctx, req) => {
    const { userPool } = await poolAndClient(services, ctx, req.ClientId);
    const user = typeof req.Username === 'string' ? await userPool.getUserByUsername(ctx, req.Username) : null;
    if (!user) throw new CodeMismatchError();
    return original(services)(ctx, req);
  };
}

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
  table.UpdateUserAttributes = onlyClientWriteAttributes(table.UpdateUserAttributes);
}
