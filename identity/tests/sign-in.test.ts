/**
 * The local identity service against Amplify's unmodified client, in Node: the same SRP sign-in,
 * new-password challenge, token refresh and global sign-out the browser uses.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { localIdentity } from '../../core/local-pool';
import {
  adminCreateUser,
  claimsOf,
  cognitoCall,
  signInForTokens,
  startIdentityProcess,
} from '../../testkit/local-identity';
import type { RunningIdentityService } from '../../testkit/local-identity';
import { configureAmplifyAt } from '../../testkit/amplify-node';

let service: RunningIdentityService;
const { email, password } = localIdentity.demoUser;

before(async () => {
  service = await startIdentityProcess();
  configureAmplifyAt(service.url);
});
after(() => service.stop());
beforeEach(() => signOut());

describe('SRP sign-in (USER_SRP_AUTH)', () => {
  test('the demo reader signs in and gets tokens for the handbook client', async () => {
    const result = await signIn({ username: email, password });
    assert.equal(result.isSignedIn, true);
    const { tokens } = await fetchAuthSession();
    assert.ok(tokens?.accessToken && tokens.idToken);
    assert.equal(tokens.accessToken.payload.client_id, localIdentity.userPoolClientId);
    assert.equal(tokens.idToken.payload.email, email);
    assert.equal(tokens.accessToken.payload.iss, `${service.url}/${localIdentity.userPoolId}`);
  });

  test('a wrong password is refused in Cognito’s words', async () => {
    await assert.rejects(signIn({ username: email, password: `${password}x` }), {
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  test('an unknown user is refused the same way', async () => {
    await assert.rejects(signIn({ username: 'nobody@handbook.local', password }), {
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  test('a forged password claim is refused and the challenge cannot be replayed', async () => {
    const challenge = await cognitoCall<{ ChallengeParameters: Record<string, string> }>(service.url, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: localIdentity.userPoolClientId,
      AuthParameters: { USERNAME: email, SRP_A: 'abcdef0123456789'.repeat(24) },
    });
    const answer = {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: localIdentity.userPoolClientId,
      ChallengeResponses: {
        USERNAME: challenge.ChallengeParameters.USER_ID_FOR_SRP,
        PASSWORD_CLAIM_SECRET_BLOCK: challenge.ChallengeParameters.SECRET_BLOCK,
        TIMESTAMP: 'Sat Nov 21 05:00:00 UTC 2026',
        PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64'),
      },
    };
    await assert.rejects(cognitoCall(service.url, 'RespondToAuthChallenge', answer), /Incorrect username or password/);
    await assert.rejects(cognitoCall(service.url, 'RespondToAuthChallenge', answer), /Incorrect username or password/);
  });
});

describe('an administrator-created user', () => {
  test('must choose a password that meets the pool policy, then is signed in', async () => {
    const newcomer = `newcomer-${randomUUID()}@handbook.local`;
    await adminCreateUser(service.url, newcomer, { temporaryPassword: 'Temporary-Pass-1' });
    const first = await signIn({ username: newcomer, password: 'Temporary-Pass-1' });
    assert.equal(first.nextStep.signInStep, 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await assert.rejects(confirmSignIn({ challengeResponse: 'alllowercase1!' }), {
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password must have uppercase characters',
    });
    const second = await confirmSignIn({ challengeResponse: 'Chosen-Pass-2026' });
    assert.equal(second.isSignedIn, true);
    await signOut();
    assert.equal((await signIn({ username: newcomer, password: 'Chosen-Pass-2026' })).isSignedIn, true);
  });

  test('cannot set a new password without first proving the temporary one', async () => {
    await assert.rejects(
      cognitoCall(service.url, 'RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: localIdentity.userPoolClientId,
        Session: randomUUID(),
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Hijacked-Pass-1' },
      }),
      /NotAuthorizedException/,
    );
  });
});

describe('sessions', () => {
  test('a forced refresh goes through GetTokensFromRefreshToken and returns new tokens', async () => {
    await signIn({ username: email, password });
    const before = (await fetchAuthSession()).tokens?.accessToken.toString();
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens?.accessToken.toString();
    assert.ok(before && after);
    assert.notEqual(claimsOf(after).jti, claimsOf(before).jti);
    // Renewed, not signed in again: the time of the sign-in stays (what a fresh sign-in is judged by).
    assert.equal(claimsOf(after).auth_time, claimsOf(before).auth_time);
    const idToken = (await fetchAuthSession()).tokens?.idToken?.toString();
    assert.equal(idToken && claimsOf(idToken).auth_time, claimsOf(before).auth_time);
  });

  test('global sign-out revokes the refresh token, so the next refresh signs the reader out', async () => {
    await signIn({ username: email, password });
    const accessToken = (await fetchAuthSession()).tokens?.accessToken.toString();
    await cognitoCall(service.url, 'GlobalSignOut', { AccessToken: accessToken });
    const { tokens } = await fetchAuthSession({ forceRefresh: true });
    assert.equal(tokens, undefined);
  });

  test('RevokeToken with the refresh token alone ends it: both refresh calls refuse it after', async () => {
    const { refreshToken } = await signInForTokens(service.url);
    await cognitoCall(service.url, 'RevokeToken', { ClientId: localIdentity.userPoolClientId, Token: refreshToken });
    await assert.rejects(
      cognitoCall(service.url, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: localIdentity.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
      /NotAuthorizedException/,
    );
    await assert.rejects(
      cognitoCall(service.url, 'GetTokensFromRefreshToken', {
        ClientId: localIdentity.userPoolClientId,
        RefreshToken: refreshToken,
      }),
      /NotAuthorizedException/,
    );
    // Asked again, it is refused: the page strikes such a token off (src/auth/pending-sign-out.ts).
    await assert.rejects(
      cognitoCall(service.url, 'RevokeToken', { ClientId: localIdentity.userPoolClientId, Token: refreshToken }),
      /NotAuthorizedException/,
    );
  });

  test('GetTokensFromRefreshToken refuses a token it did not issue', async () => {
    await assert.rejects(
      cognitoCall(service.url, 'GetTokensFromRefreshToken', {
        ClientId: localIdentity.userPoolClientId,
        RefreshToken: 'eyJhbGciOiJub25lIn0.eyJleHAiOjk5OTk5OTk5OTl9.',
      }),
      /NotAuthorizedException: Invalid Refresh Token/,
    );
  });
});

describe('what the pool tells', () => {
  test('the id token names the reader, as a Cognito id token carries the standard attributes', async () => {
    await signIn({ username: email, password });
    const { tokens } = await fetchAuthSession();
    assert.equal(tokens?.idToken?.payload.name, localIdentity.demoUser.name);
  });

  test('a password reset for an unknown email is answered like one for a known email', async () => {
    type Delivery = { CodeDeliveryDetails: { AttributeName: string; DeliveryMedium: string; Destination: string } };
    const ask = (username: string) =>
      cognitoCall<Delivery>(service.url, 'ForgotPassword', {
        ClientId: localIdentity.userPoolClientId,
        Username: username,
      });
    const known = await ask(email);
    const unknown = await ask('nobody@handbook.local');
    assert.deepEqual(known, {
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'r***@h***' },
    });
    assert.deepEqual(unknown, {
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@h***' },
    });
    await assert.rejects(
      cognitoCall(service.url, 'ConfirmForgotPassword', {
        ClientId: localIdentity.userPoolClientId,
        Username: 'nobody@handbook.local',
        ConfirmationCode: '123456',
        Password: 'Whatever-Password-1',
      }),
      /CodeMismatchException/,
    );
  });
});
