/**
 * TOTP for password accounts at the local identity service (identity/second-factor.ts), driven by
 * Amplify's unmodified client in Node as the browser drives it: the MFA_SETUP challenge, its
 * AssociateSoftwareToken and VerifySoftwareToken, SOFTWARE_TOKEN_MFA at later sign-ins, and the
 * signed-in setup of `optional` (SetUserMFAPreference, GetUser's MFA fields).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { localIdentity } from '../../core/local-pool';
import { totpCode, totpStep } from '../../core/totp';
import { startLocalIdentity } from '../launch';
import { CODE_ATTEMPTS } from '../second-factor';
import { adminCreateUser, cognitoCall, startIdentityProcess } from '../../testkit/local-identity';
import type { RunningIdentityService } from '../../testkit/local-identity';
import { configureAmplifyAt } from '../../testkit/amplify-node';

const { email, password } = localIdentity.demoUser;

/** A service of the suite's own with `env`'s setting, which Amplify signs in at. */
function serviceForSuite(env: Record<string, string> = {}): () => RunningIdentityService {
  let service: RunningIdentityService | undefined;
  before(async () => {
    service = await startIdentityProcess(env);
    configureAmplifyAt(service.url);
  });
  after(() => service?.stop());
  return () => {
    if (!service) throw new Error('The suite’s identity service has not started');
    return service;
  };
}

/** A code of the step after the current one: accepted, and fresh after any code of this step. */
const nextCode = (secret: string) => totpCode(secret, totpStep() + 1);

/** A password account of its own, so each test starts without TOTP. */
async function newAccount(url: string): Promise<{ email: string; password: string }> {
  const account = { email: `mfa-${randomUUID()}@handbook.local`, password: 'Second-Factor-2026!' };
  await adminCreateUser(url, account.email, {
    temporaryPassword: 'Temporary-2026!',
    permanentPassword: account.password,
  });
  return account;
}

afterEach(() => signOut());

describe('passwordAccountMfa "required"', () => {
  const service = serviceForSuite({ HANDBOOK_AUTH_PASSWORD_MFA: 'required' });

  test('the first sign-in sets TOTP up: a wrong code is refused, the right one signs in', async () => {
    const started = await signIn({ username: email, password });
    assert.equal(started.nextStep.signInStep, 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    assert.ok(started.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    const secret = started.nextStep.totpSetupDetails.sharedSecret;
    assert.match(secret, /^[A-Z2-7]{32}$/);
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    await assert.rejects(confirmSignIn({ challengeResponse: wrong }), {
      name: 'EnableSoftwareTokenMFAException',
      message: 'Code mismatch and fail enable Software Token MFA',
    });
    const done = await confirmSignIn({ challengeResponse: totpCode(secret) });
    assert.equal(done.isSignedIn, true);
    assert.ok((await fetchAuthSession()).tokens?.accessToken);
    assert.deepEqual(await fetchMFAPreference(), { enabled: ['TOTP'], preferred: 'TOTP' });

    await signOut();
    const again = await signIn({ username: email, password });
    assert.equal(again.nextStep.signInStep, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    await assert.rejects(confirmSignIn({ challengeResponse: totpCode(secret) }), {
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    assert.equal((await confirmSignIn({ challengeResponse: nextCode(secret) })).isSignedIn, true);
  });

  test('no token before the second factor, whichever flow signs in', async () => {
    const account = await newAccount(service().url);
    const answer = await cognitoCall<{ ChallengeName?: string; AuthenticationResult?: object }>(
      service().url,
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: localIdentity.userPoolClientId,
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      },
    );
    assert.equal(answer.ChallengeName, 'MFA_SETUP');
    assert.equal(answer.AuthenticationResult, undefined);
    await assert.rejects(
      cognitoCall(service().url, 'RespondToAuthChallenge', {
        ChallengeName: 'MFA_SETUP',
        ClientId: localIdentity.userPoolClientId,
        Session: (answer as { Session?: string }).Session,
        ChallengeResponses: { USERNAME: account.email },
      }),
      /NotAuthorizedException: Invalid session/,
      'MFA_SETUP is answered only with the session of a verified code',
    );
  });

  // Security review 4, finding 2: a 5-minute access token turned TOTP off, and the password alone
  // then enrolled a new authenticator at the next sign-in.
  test('the reader’s own token cannot turn TOTP off, so the next sign-in still asks for a code', async () => {
    const account = await newAccount(service().url);
    const started = await signIn({ username: account.email, password: account.password });
    assert.ok(started.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    const secret = started.nextStep.totpSetupDetails.sharedSecret;
    assert.equal((await confirmSignIn({ challengeResponse: totpCode(secret) })).isSignedIn, true);
    await assert.rejects(updateMFAPreference({ totp: 'DISABLED' }), { name: 'InvalidParameterException' });
    // Only which factor is preferred may change.
    await updateMFAPreference({ totp: 'NOT_PREFERRED' });
    assert.deepEqual((await fetchMFAPreference()).enabled, ['TOTP']);
    await signOut();
    const again = await signIn({ username: account.email, password: account.password });
    assert.equal(again.nextStep.signInStep, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });

  test(`a sign-in's session takes ${CODE_ATTEMPTS} wrong codes, then the reader starts again`, async () => {
    const account = await newAccount(service().url);
    const started = await signIn({ username: account.email, password: account.password });
    assert.ok(started.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    const secret = started.nextStep.totpSetupDetails.sharedSecret;
    const valid = new Set([-1, 0, 1, 2].map((offset) => totpCode(secret, totpStep() + offset)));
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => !valid.has(c));
    for (const code of wrong.slice(0, CODE_ATTEMPTS)) {
      await assert.rejects(confirmSignIn({ challengeResponse: code }), { name: 'EnableSoftwareTokenMFAException' });
    }
    await assert.rejects(confirmSignIn({ challengeResponse: totpCode(secret) }), { name: 'NotAuthorizedException' });
  });
});

describe('passwordAccountMfa "optional"', () => {
  const service = serviceForSuite({ HANDBOOK_AUTH_PASSWORD_MFA: 'optional' });

  test('no code until the reader sets TOTP up and turns it on; then one at every sign-in', async () => {
    const account = await newAccount(service().url);
    assert.equal((await signIn({ username: account.email, password: account.password })).isSignedIn, true);
    const none = { enabled: undefined, preferred: undefined };
    assert.deepEqual(await fetchMFAPreference(), none);
    await assert.rejects(updateMFAPreference({ totp: 'PREFERRED' }), { name: 'InvalidParameterException' });
    const setup = await setUpTOTP();
    await verifyTOTPSetup({ code: totpCode(setup.sharedSecret) });
    assert.deepEqual(await fetchMFAPreference(), none, 'verified, not yet on');
    await updateMFAPreference({ totp: 'PREFERRED' });
    assert.deepEqual(await fetchMFAPreference(), { enabled: ['TOTP'], preferred: 'TOTP' });

    await signOut();
    const again = await signIn({ username: account.email, password: account.password });
    assert.equal(again.nextStep.signInStep, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    assert.equal((await confirmSignIn({ challengeResponse: nextCode(setup.sharedSecret) })).isSignedIn, true);
  });

  /** A signed-in account whose TOTP is on, set up in the account menu; its secret. */
  async function accountWithTotp(): Promise<{ email: string; password: string; secret: string }> {
    const account = await newAccount(service().url);
    await signIn({ username: account.email, password: account.password });
    const { sharedSecret } = await setUpTOTP();
    await verifyTOTPSetup({ code: totpCode(sharedSecret, totpStep() - 1) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    return { ...account, secret: sharedSecret };
  }

  test('the account menu’s calls: a wrong code for a new authenticator keeps the old one', async () => {
    const account = await accountWithTotp();
    await setUpTOTP();
    await assert.rejects(verifyTOTPSetup({ code: totpCode(account.secret) }), {
      name: 'EnableSoftwareTokenMFAException',
    });
    assert.deepEqual(await fetchMFAPreference(), { enabled: ['TOTP'], preferred: 'TOTP' }, 'still on');
    await signOut();
    await signIn({ username: account.email, password: account.password });
    assert.equal((await confirmSignIn({ challengeResponse: totpCode(account.secret) })).isSignedIn, true);
  });

  test('the account menu’s calls: a new authenticator replaces the old one, and DISABLED turns TOTP off', async () => {
    const account = await accountWithTotp();
    const replacement = await setUpTOTP();
    assert.notEqual(replacement.sharedSecret, account.secret);
    await verifyTOTPSetup({ code: totpCode(replacement.sharedSecret) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await signOut();
    await signIn({ username: account.email, password: account.password });
    await assert.rejects(confirmSignIn({ challengeResponse: nextCode(account.secret) }), {
      name: 'CodeMismatchException',
    });
    assert.equal((await confirmSignIn({ challengeResponse: nextCode(replacement.sharedSecret) })).isSignedIn, true);

    await updateMFAPreference({ totp: 'DISABLED' });
    assert.deepEqual(await fetchMFAPreference(), { enabled: undefined, preferred: undefined });
    await signOut();
    assert.equal((await signIn({ username: account.email, password: account.password })).isSignedIn, true);
  });
});

describe('passwordAccountMfa "off" (the default)', () => {
  serviceForSuite();

  test('the password alone signs in, and no software token can be set up', async () => {
    assert.equal((await signIn({ username: email, password })).isSignedIn, true);
    await assert.rejects(setUpTOTP(), { name: 'SoftwareTokenMFANotFoundException' });
  });
});

test('a setting other than off, optional or required stops the service, naming the variable', async () => {
  await assert.rejects(
    startLocalIdentity({ port: 0, env: { HANDBOOK_AUTH_PASSWORD_MFA: 'on' }, output: 'quiet' }),
    /HANDBOOK_AUTH_PASSWORD_MFA is "on": it must be one of "off", "optional", "required"/,
  );
});
