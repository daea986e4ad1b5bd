/**
 * Amplify's default password sign-in, which cognito-local 5.3.0 lacks: InitiateAuth with
 * USER_SRP_AUTH, then RespondToAuthChallenge with PASSWORD_VERIFIER, and for an account created
 * with a temporary password NEW_PASSWORD_REQUIRED, answerable only with the session it was given.
 * Each challenge is answerable once, within `CHALLENGE_TTL_MS`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  PasswordResetRequiredError,
  UserNotConfirmedException,
} from './cognito-local';
import type { User } from './cognito-local';
import { ExpiringStore } from './expiring-store';
import { passwordPolicyViolation } from './password-policy';
import { CHALLENGE_TTL_MS, INCORRECT_CREDENTIALS, issueTokens, poolAndClient } from './pool-operations';
import type { Operation } from './pool-operations';
import { secondFactorOr } from './second-factor';
import { claimSignature, sessionKey, signaturesMatch, srpPoolName, srpPublicHex, startSrp } from './srp';
import type { SrpChallenge } from './srp';
import { derived, standInUserId } from './stand-in-user';

interface PendingChallenge {
  /** The account's user name; empty for a name without one (a stand-in challenge). */
  username: string;
  /** The user id the challenge named, the stand-in's for a name without an account. */
  srpUser: string;
  clientId: string;
  srpA: string;
  srp: SrpChallenge;
}
interface NewPasswordSession {
  username: string;
  clientId: string;
}

/** Keyed by SECRET_BLOCK, which the client echoes back. */
const pendingChallenges = new ExpiringStore<PendingChallenge>(CHALLENGE_TTL_MS);
const newPasswordSessions = new ExpiringStore<NewPasswordSession>(CHALLENGE_TTL_MS);

/** SRP_A is a 3072-bit number: 768 hexadecimal digits at most. */
const MAX_SRP_A_LENGTH = 768;

export const startSrpSignIn: Operation = (services) => async (ctx, req) => {
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
  pendingChallenges.put(secretBlock, {
    username: known ? srpUser : '',
    srpUser,
    clientId: req.ClientId as string,
    srpA,
    srp,
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

export const verifyPassword: Operation = (services) => async (ctx, req) => {
  const responses = req.ChallengeResponses ?? {};
  const pending = pendingChallenges.take(responses.PASSWORD_CLAIM_SECRET_BLOCK)?.value;
  if (!pending || pending.clientId !== req.ClientId || pending.srpUser !== responses.USERNAME) {
    throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
  }
  const { userPool, client } = await poolAndClient(services, ctx, req.ClientId);
  const user = pending.username ? await userPool.getUserByUsername(ctx, pending.username) : null;
  // The session key and the claim's signature are worked out for a stand-in challenge too, so the
  // refusal of a name without an account takes as long as a wrong password (security review 4,
  // finding 7: 2 ms against 22 ms told the two apart).
  const key = sessionKey(pending.srp, pending.srpA);
  const expected =
    key && responses.TIMESTAMP
      ? claimSignature(
          key,
          srpPoolName(userPool.options.Id),
          pending.srpUser,
          responses.PASSWORD_CLAIM_SECRET_BLOCK,
          responses.TIMESTAMP,
        )
      : null;
  const signature = responses.PASSWORD_CLAIM_SIGNATURE;
  if (!user || !expected || !signature || !signaturesMatch(expected, signature))
    throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
  // Only someone who knows the password learns that the account was disabled.
  if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');

  if (user.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
  if (user.UserStatus === 'RESET_REQUIRED') throw new PasswordResetRequiredError();
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
    const session = randomUUID();
    newPasswordSessions.put(session, { username: user.Username, clientId: pending.clientId });
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

export const setNewPassword: Operation = (services) => async (ctx, req) => {
  const taken = newPasswordSessions.take(req.Session);
  const session = taken?.value;
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
    taken?.putBack();
    throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${violation}`);
  }
  const updated: User = { ...user, Password: newPassword, UserStatus: 'CONFIRMED', UserLastModifiedDate: new Date() };
  await userPool.saveUser(ctx, updated);
  return secondFactorOr(userPool, updated, session.clientId, () =>
    issueTokens(services, ctx, userPool, client, updated, req),
  );
};
