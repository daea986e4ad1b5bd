import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readerOf } from '../../../../core/cookie-session';
import { AMPLIFY_MFA_STATUS, PASSWORD_ACCOUNT_MFA, passwordAccountMfaOfAmplify } from '../../../../core/password-mfa';
import {
  choicesFor,
  doneMessage,
  FRESH_SIGN_IN_SECONDS,
  offersTwoStepSignIn,
  problemOf,
  signedInRecently,
  typedCode,
} from '../choices';

const passwordReader = readerOf({ email: 'ada@example.com', name: 'Ada' });
/** A Google account's id token, as Cognito issues it: the provider in `identities`. */
const googleReader = readerOf({
  email: 'grace@example.com',
  identities: [{ providerName: 'Google', providerType: 'Google', userId: '1', primary: 'true' }],
});

test('the item is offered to password accounts when the handbook has TOTP, never to Google accounts', () => {
  assert.equal(passwordReader.federated, false);
  assert.equal(googleReader.federated, true);
  assert.equal(offersTwoStepSignIn('off', passwordReader), false, 'hidden with "off"');
  assert.equal(offersTwoStepSignIn('optional', passwordReader), true);
  assert.equal(offersTwoStepSignIn('required', passwordReader), true);
  for (const setting of PASSWORD_ACCOUNT_MFA) assert.equal(offersTwoStepSignIn(setting, googleReader), false, setting);
});

test('"optional": a reader without TOTP can set it up; with it, replace it or turn it off', () => {
  const off = choicesFor('optional', false, true);
  assert.equal(off.setUp, 'Set up an authenticator app');
  assert.equal(off.turnOff, false);
  assert.match(off.status, /^Two-step sign-in is off/);
  const on = choicesFor('optional', true, true);
  assert.equal(on.setUp, 'Replace your authenticator app');
  assert.equal(on.turnOff, true);
  assert.match(on.status, /^Two-step sign-in is on/);
});

test('"required": the authenticator can be replaced, never turned off', () => {
  for (const totpOn of [true, false]) {
    const choices = choicesFor('required', totpOn, true);
    assert.equal(choices.setUp, 'Replace your authenticator app');
    assert.equal(choices.turnOff, false);
    assert.match(choices.status, /required for every password account/);
  }
});

test('"off": nothing to set up or turn off', () => {
  assert.deepEqual(
    [
      choicesFor('off', false, true).setUp,
      choicesFor('off', false, true).turnOff,
      choicesFor('off', true, true).turnOff,
    ],
    [null, false, false],
  );
});

test('the setting is read back from the build’s Amplify MFA status', () => {
  for (const setting of PASSWORD_ACCOUNT_MFA) {
    assert.equal(passwordAccountMfaOfAmplify(AMPLIFY_MFA_STATUS[setting]), setting);
  }
  assert.equal(passwordAccountMfaOfAmplify(undefined), 'off');
});

test('a code is six digits, spaces allowed; anything else is not sent', () => {
  assert.equal(typedCode('123456'), '123456');
  assert.equal(typedCode(' 123 456 '), '123456');
  for (const wrong of ['', '12345', '1234567', '12a456']) assert.equal(typedCode(wrong), null, wrong);
});

test('each refusal is one line saying what went wrong and that nothing changed', () => {
  const refusal = (name: string) => Object.assign(new Error('x'), { name });
  assert.match(problemOf(refusal('EnableSoftwareTokenMFAException')), /^That code is wrong or has expired/);
  assert.match(problemOf(refusal('CodeMismatchException')), /^That code is wrong or has expired/);
  assert.match(problemOf(refusal('SoftwareTokenMFANotFoundException')), /^This setup has expired/);
  assert.match(problemOf(refusal('NotAuthorizedException')), /^Your session has ended/);
  assert.match(problemOf(refusal('NetworkError')), /cannot be reached/);
  assert.match(problemOf(refusal('InternalErrorException')), /\(InternalErrorException\)/);
  for (const name of ['EnableSoftwareTokenMFAException', 'NetworkError', 'Other']) {
    const line = problemOf(refusal(name));
    assert.ok(!line.includes('\n') && line.endsWith('Nothing has changed.'), line);
  }
  assert.match(doneMessage(true), /no longer work/);
  assert.match(doneMessage(false), /^Two-step sign-in is on/);
});

// Security review 4, finding 2: a renewed session (a stolen access token, an unattended browser)
// replaced the authenticator or turned it off without any code of the old one.
test('an authenticator in use is replaced or turned off only within 5 minutes of a sign-in', () => {
  for (const setting of ['optional', 'required'] as const) {
    const stale = choicesFor(setting, true, false);
    assert.equal(stale.setUp, null, setting);
    assert.equal(stale.turnOff, false, setting);
    assert.match(stale.status, /sign out and sign in again first, with your password and a code from your current app/);
  }
  assert.equal(
    choicesFor('optional', false, false).setUp,
    'Set up an authenticator app',
    'a first one needs no fresh sign-in',
  );
  const now = Date.UTC(2026, 10, 28, 12);
  const seconds = now / 1000;
  assert.equal(signedInRecently(seconds - FRESH_SIGN_IN_SECONDS, now), true);
  assert.equal(signedInRecently(seconds - FRESH_SIGN_IN_SECONDS - 1, now), false);
  assert.equal(signedInRecently(null, now), false);
});
