/**
 * The second factor for password accounts, as a Cognito pool with TOTP ("software token") MFA
 * answers Amplify: after the password, a SOFTWARE_TOKEN_MFA challenge for an account that has set
 * TOTP up, or, when the pool requires MFA (`MfaConfiguration: ON`), an MFA_SETUP challenge that
 * AssociateSoftwareToken and VerifySoftwareToken complete with the sign-in's session. Signed-in
 * users may also set TOTP up with their access token and turn it on with SetUserMFAPreference.
 * cognito-local 5.3.0 has these operations, but only with access tokens it never verifies and
 * sessions it never checks; they are replaced here. The pool's setting comes from
 * HANDBOOK_AUTH_PASSWORD_MFA (identity/start.ts). Codes: RFC 6238 (core/totp.ts).
 *
 * Shapes from AWS's API reference (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/):
 * API_InitiateAuth.html and API_RespondToAuthChallenge.html (MFA_SETUP with `MFAS_CAN_SETUP`,
 * answered with USERNAME and the session VerifySoftwareToken returned; SOFTWARE_TOKEN_MFA answered
 * with USERNAME and SOFTWARE_TOKEN_MFA_CODE), API_AssociateSoftwareToken.html (an access token or a
 * session; SecretCode and a new Session), API_VerifySoftwareToken.html (UserCode, FriendlyDeviceName;
 * Status SUCCESS and a Session that satisfies MFA_SETUP), API_SetUserMFAPreference.html and
 * API_GetUser.html (UserMFASettingList, PreferredMfaSetting).
 */
import { randomBytes } from 'node:crypto';
import { CognitoError, InvalidParameterError, NotAuthorizedError, Targets } from './cognito-local';
import type { Context, Services, User, UserPoolService } from './cognito-local';
import { codeCheckAllowed, rightCode, wrongCode } from './code-lockout';
import { ExpiringStore } from './expiring-store';
import type { Taken } from './expiring-store';
import { CHALLENGE_TTL_MS, INCORRECT_CREDENTIALS, issueTokens, poolAndClient, verifiedClaims } from './pool-operations';
import type { Operation, Request } from './pool-operations';
import { matchingTotpStep, newTotpSecret } from '../core/totp';

const TOTP = 'SOFTWARE_TOKEN_MFA';
/** Wrong codes one session may take before the reader must sign in again ("excessive retries"). */
export const CODE_ATTEMPTS = 5;
const EXPIRED_SESSION = 'Invalid session for the user, session is expired.';

interface MfaSession {
  /** `setup`: MFA_SETUP sent; `associated`: a secret handed out; `verified`: set up, tokens due; `challenged`: a code asked for. */
  stage: 'setup' | 'associated' | 'verified' | 'challenged';
  username: string;
  clientId: string;
  secret?: string;
  attemptsLeft: number;
}

const sessions = new ExpiringStore<MfaSession>(CHALLENGE_TTL_MS);
/** Secrets handed to signed-in users (AssociateSoftwareToken with an access token) until verified. */
const pendingSecrets = new ExpiringStore<{ secret: string }>(CHALLENGE_TTL_MS);
/** Each user's last accepted time step: a code is good once (RFC 6238 section 5.2). */
const lastAcceptedStep = new Map<string, number>();

function openSession(entry: Omit<MfaSession, 'attemptsLeft'>): string {
  const id = randomBytes(48).toString('base64url');
  sessions.put(id, { ...entry, attemptsLeft: CODE_ATTEMPTS });
  return id;
}

function takeSession(id: string | undefined, stage: MfaSession['stage']): Taken<MfaSession> {
  const taken = sessions.take(id);
  if (!taken || taken.value.stage !== stage) throw new NotAuthorizedError(EXPIRED_SESSION);
  return taken;
}

/** A wrong code costs the session one attempt; it stays answerable until none is left. */
function keepForRetry({ value: session, putBack }: Taken<MfaSession>): void {
  if (session.attemptsLeft > 1) putBack({ ...session, attemptsLeft: session.attemptsLeft - 1 });
}

/**
 * Whether `code` is the user's current code (or a neighbour's), not used before. A locked-out
 * account (code-lockout.ts) has no code checked: the caller's refusal costs the guess nothing.
 */
function acceptCode(secret: string, username: string, code: unknown): boolean {
  if (!codeCheckAllowed(username)) throw tooManyFailures();
  const step = typeof code === 'string' ? matchingTotpStep(secret, code) : null;
  if (step === null || step <= (lastAcceptedStep.get(username) ?? -1)) {
    wrongCode(username);
    return false;
  }
  rightCode(username);
  lastAcceptedStep.set(username, step);
  return true;
}

const tooManyFailures = () =>
  new CognitoError('TooManyFailedAttemptsException', 'Too many failed attempts: wait, then try again.');

function hasTotp(user: User): boolean {
  return Boolean(user.UserMFASettingList?.includes(TOTP) && user.SoftwareTokenMfaConfiguration?.Verified);
}

/**
 * What follows a right password: the tokens, or the second factor's challenge. With MFA off the
 * pool asks for none; optional asks those who set TOTP up; required (ON) asks everyone, and sends
 * those without TOTP to set it up first.
 */
export async function secondFactorOr(
  userPool: UserPoolService,
  user: User,
  clientId: string,
  tokens: () => Promise<object>,
): Promise<object> {
  const mfa = userPool.options.MfaConfiguration ?? 'OFF';
  if (mfa === 'OFF') return tokens();
  if (hasTotp(user)) {
    return {
      ChallengeName: TOTP,
      Session: openSession({ stage: 'challenged', username: user.Username, clientId }),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.Username,
        ...(user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName
          ? { FRIENDLY_DEVICE_NAME: user.SoftwareTokenMfaConfiguration.FriendlyDeviceName }
          : {}),
      },
    };
  }
  if (mfa !== 'ON') return tokens();
  return {
    ChallengeName: 'MFA_SETUP',
    Session: openSession({ stage: 'setup', username: user.Username, clientId }),
    ChallengeParameters: { USER_ID_FOR_SRP: user.Username, MFAS_CAN_SETUP: JSON.stringify([TOTP]) },
  };
}

/** The user an access token this service signed names, in the pool of its client. */
async function signedInUser(services: Services, ctx: Context, accessToken: string | undefined) {
  const claims = verifiedClaims(accessToken, 'access');
  if (!claims || typeof claims.client_id !== 'string' || typeof claims.username !== 'string') {
    throw new NotAuthorizedError('Invalid Access Token');
  }
  const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, claims.username);
  if (!user) throw new NotAuthorizedError('Invalid Access Token');
  return { userPool, user };
}

/**
 * "If you haven't activated TOTP software token MFA for the user pool, Amazon Cognito can't use
 * the token to associate or verify users" (developer guide, user-pool-settings-mfa-totp.html).
 */
function requireTotpPool(userPool: UserPoolService): void {
  if ((userPool.options.MfaConfiguration ?? 'OFF') === 'OFF') {
    throw new CognitoError(
      'SoftwareTokenMFANotFoundException',
      'Software Token MFA has not been enabled by the userPool.',
    );
  }
}

const codeMismatchOnSetup = () =>
  new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');

function withVerifiedTotp(user: User, secret: string, deviceName: unknown, turnOn: boolean): User {
  return {
    ...user,
    SoftwareTokenMfaConfiguration: {
      Secret: secret,
      Verified: true,
      ...(typeof deviceName === 'string' && deviceName ? { FriendlyDeviceName: deviceName } : {}),
    },
    ...(turnOn ? { UserMFASettingList: [TOTP], PreferredMfaSetting: TOTP } : {}),
    UserLastModifiedDate: new Date(),
  };
}

const associateSoftwareToken: Operation = (services) => async (ctx, req) => {
  if (req.Session) {
    const session = takeSession(req.Session, 'setup').value;
    const secret = newTotpSecret();
    return { SecretCode: secret, Session: openSession({ ...session, stage: 'associated', secret }) };
  }
  const { userPool, user } = await signedInUser(services, ctx, req.AccessToken);
  requireTotpPool(userPool);
  const secret = newTotpSecret();
  pendingSecrets.put(user.Username, { secret });
  return { SecretCode: secret };
};

const verifySoftwareToken: Operation = (services) => async (ctx, req) => {
  if (req.Session) {
    const taken = takeSession(req.Session, 'associated');
    const session = taken.value;
    if (!session.secret || !acceptCode(session.secret, session.username, req.UserCode)) {
      keepForRetry(taken);
      throw codeMismatchOnSetup();
    }
    const { userPool } = await poolAndClient(services, ctx, session.clientId);
    const user = await userPool.getUserByUsername(ctx, session.username);
    if (!user) throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
    // Set up while signing in: TOTP becomes the account's MFA at once.
    await userPool.saveUser(ctx, withVerifiedTotp(user, session.secret, req.FriendlyDeviceName, true));
    return { Status: 'SUCCESS', Session: openSession({ ...session, stage: 'verified' }) };
  }
  const { userPool, user } = await signedInUser(services, ctx, req.AccessToken);
  const taken = pendingSecrets.take(user.Username);
  if (!taken) {
    throw new CognitoError('SoftwareTokenMFANotFoundException', 'Software Token MFA has not been associated.');
  }
  const pending = taken.value;
  if (!acceptCode(pending.secret, user.Username, req.UserCode)) {
    taken.putBack();
    throw codeMismatchOnSetup();
  }
  // The new secret replaces any earlier one; SetUserMFAPreference turns it on.
  await userPool.saveUser(ctx, withVerifiedTotp(user, pending.secret, req.FriendlyDeviceName, false));
  return { Status: 'SUCCESS' };
};

/** The user a challenge session belongs to, who must be the USERNAME the answer names (by username or email). */
async function challengedUser(services: Services, ctx: Context, req: Request, session: MfaSession) {
  const { userPool, client } = await poolAndClient(services, ctx, req.ClientId);
  const named = req.ChallengeResponses?.USERNAME;
  const user = named ? await userPool.getUserByUsername(ctx, named) : null;
  if (session.clientId !== req.ClientId || !user || user.Username !== session.username) {
    throw new NotAuthorizedError(EXPIRED_SESSION);
  }
  return { userPool, client, user };
}

const completeSetup: Operation = (services) => async (ctx, req) => {
  const session = takeSession(req.Session, 'verified').value;
  const { userPool, client, user } = await challengedUser(services, ctx, req, session);
  return issueTokens(services, ctx, userPool, client, user, req);
};

const checkCode: Operation = (services) => async (ctx, req) => {
  const taken = takeSession(req.Session, 'challenged');
  const { userPool, client, user } = await challengedUser(services, ctx, req, taken.value);
  const secret = user.SoftwareTokenMfaConfiguration?.Secret;
  if (!secret || !acceptCode(secret, user.Username, req.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE)) {
    keepForRetry(taken);
    throw new CognitoError('CodeMismatchException', 'Invalid code received for user');
  }
  return issueTokens(services, ctx, userPool, client, user, req);
};

interface MfaPreference {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}

const setUserMfaPreference: Operation = (services) => async (ctx, req) => {
  const { userPool, user } = await signedInUser(services, ctx, req.AccessToken);
  if (req.SMSMfaSettings || req.EmailMfaSettings) {
    throw new InvalidParameterError('This user pool offers TOTP only; SMS and email MFA are not enabled.');
  }
  const totp = req.SoftwareTokenMfaSettings as MfaPreference | undefined;
  if (!totp) return {};
  if ((totp.Enabled || totp.PreferredMfa) && !user.SoftwareTokenMfaConfiguration?.Verified) {
    throw new InvalidParameterError('User has not verified software token mfa');
  }
  const on = Boolean(totp.Enabled || totp.PreferredMfa);
  // "You can't turn off TOTP MFA for any of your users when MFA is required in your user pool; you
  // can only set the type that your user prefers" (API_SoftwareTokenMfaSettingsType): with `required`
  // no call a reader's token makes leaves a password account without its second factor.
  if (!on && totp.Enabled === false && userPool.options.MfaConfiguration === 'ON') {
    throw new InvalidParameterError('TOTP MFA cannot be turned off while the user pool requires MFA.');
  }
  await userPool.saveUser(ctx, {
    ...user,
    UserMFASettingList: on ? [TOTP] : undefined,
    PreferredMfaSetting: on && totp.PreferredMfa !== false ? TOTP : undefined,
    UserLastModifiedDate: new Date(),
  });
  return {};
};

/**
 * USER_PASSWORD_AUTH (the test kit's sign-in) meets the same second factor as SRP: after a right
 * password on an enabled account the challenge comes instead of the tokens. Anything else is left
 * to the operation as it was, which words every refusal.
 */
function passwordAuthWithSecondFactor(initiateAuth: Operation): Operation {
  return (services) => async (ctx, req) => {
    const { USERNAME: username, PASSWORD: password } = req.AuthParameters ?? {};
    if (req.AuthFlow !== 'USER_PASSWORD_AUTH' || !username || !req.ClientId) return initiateAuth(services)(ctx, req);
    const { userPool } = await poolAndClient(services, ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, username);
    const signsIn = user?.Password && user.Password === password && user.Enabled !== false;
    if (!user || !signsIn || user.UserStatus !== 'CONFIRMED') return initiateAuth(services)(ctx, req);
    return secondFactorOr(userPool, user, req.ClientId, () => initiateAuth(services)(ctx, req));
  };
}

/** Adds the operations above to cognito-local's table, after identity/extensions.ts has installed its own. */
export function installSecondFactor(): void {
  const table = Targets as unknown as Record<string, Operation>;
  const respondToAuthChallenge = table.RespondToAuthChallenge;
  table.RespondToAuthChallenge = (services) => (ctx, req) => {
    if (req.ChallengeName === 'MFA_SETUP') return completeSetup(services)(ctx, req);
    if (req.ChallengeName === TOTP) return checkCode(services)(ctx, req);
    return respondToAuthChallenge(services)(ctx, req);
  };
  table.InitiateAuth = passwordAuthWithSecondFactor(table.InitiateAuth);
  table.AssociateSoftwareToken = associateSoftwareToken;
  table.VerifySoftwareToken = verifySoftwareToken;
  table.SetUserMFAPreference = setUserMfaPreference;
}
