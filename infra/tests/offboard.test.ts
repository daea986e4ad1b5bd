/**
 * Offboarding through the AWS SDK against the local Cognito-compatible service, whose pool has the
 * deployed pool's attribute rules (identity/fixture: a changed email waits for verification).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localIdentity } from '../../core/local-pool';
import {
  adminCreateUser,
  claimsOf,
  cognitoCall,
  signInForTokens,
  startIdentityProcess,
} from '../../testkit/local-identity';
import type { RunningIdentityService } from '../../testkit/local-identity';
import { TOKEN_LIFETIMES } from '../identity-stack';
import { offboard } from '../offboard';
import type { OffboardTarget } from '../offboard';

const password = 'Leaving-Soon-2026!';
const code = '424242';
const personalAddress = 'me@personal-mail.example';
const { readerGroup, userPoolId } = localIdentity;
let service: RunningIdentityService;
let client: CognitoIdentityProviderClient;
let target: OffboardTarget;

before(async () => {
  service = await startIdentityProcess({ CODE: code });
  client = new CognitoIdentityProviderClient({
    endpoint: service.url,
    region: localIdentity.region,
    // The local service does not check signatures; the SDK insists on signing.
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  target = { client, userPoolId, readerGroup, allowedEmailDomains: ['example-health.com', 'handbook.local'] };
});
after(async () => {
  client?.destroy();
  await service?.stop();
});

async function newReader(email: string) {
  await adminCreateUser(service.url, email, { temporaryPassword: 'Temporary-2026!', permanentPassword: password });
  return signInForTokens(service.url, { email, password });
}

async function assertOffboarded(username: string, refreshToken?: string) {
  const user = { UserPoolId: userPoolId, Username: username };
  assert.equal((await client.send(new AdminGetUserCommand(user))).Enabled, false, `${username} disabled`);
  assert.deepEqual((await client.send(new AdminListGroupsForUserCommand(user))).Groups, []);
  if (refreshToken) {
    await assert.rejects(
      cognitoCall(service.url, 'GetTokensFromRefreshToken', {
        ClientId: localIdentity.userPoolClientId,
        RefreshToken: refreshToken,
      }),
      /NotAuthorizedException/,
    );
  }
}

describe('npm run offboard', () => {
  test('takes the reader out of the group, ends their sessions and disables the account', async () => {
    const leaver = 'leaver@example-health.com';
    const { refreshToken } = await newReader(leaver);
    const { disabled } = await offboard(target, leaver.toUpperCase());
    assert.deepEqual(
      disabled.map((account) => [account.email, account.kind]),
      [[leaver, 'password']],
    );
    await assertOffboarded(disabled[0].username, refreshToken);
    await assert.rejects(signInForTokens(service.url, { email: leaver, password }), /NotAuthorized|disabled/i);
  });

  test('finds a reader who changed their own email with their access token', async () => {
    const leaver = 'mover@example-health.com';
    const { accessToken, refreshToken } = await newReader(leaver);
    await client.send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'email', Value: personalAddress }],
      }),
    );
    const { disabled } = await offboard(target, leaver);
    assert.deepEqual(
      disabled.map((account) => account.email),
      [leaver],
      'the original email stays until the new one is verified',
    );
    await assertOffboarded(disabled[0].username, refreshToken);
  });

  test('an account verified onto another address is found by sub and named in every report', async () => {
    const leaver = 'verifier@example-health.com';
    const { accessToken, refreshToken } = await newReader(leaver);
    const sub = String(claimsOf(accessToken).sub);
    await client.send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'email', Value: personalAddress }],
      }),
    );
    await client.send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }));

    await assert.rejects(offboard(target, leaver), /No account has the email, sub or user name/);
    const bystander = 'bystander@example-health.com';
    await newReader(bystander);
    const report = await offboard(target, bystander);
    assert.deepEqual(
      report.outsideCompanyDomains.map((account) => [account.email, account.sub]),
      [[personalAddress, sub]],
    );
    const { disabled } = await offboard(target, sub);
    assert.deepEqual(
      disabled.map((account) => account.sub),
      [sub],
    );
    await assertOffboarded(disabled[0].username, refreshToken);
  });

  test('offboards a Google account as a password account, by email or by its user name', async () => {
    const [grace] = localIdentity.googleAccounts;
    const { disabled } = await offboard(target, grace.email);
    assert.deepEqual(
      disabled.map((account) => [account.username, account.kind]),
      [[`Google_${grace.sub}`, 'google']],
    );
    await assertOffboarded(disabled[0].username);
    const byName = await offboard(target, `Google_${grace.sub}`);
    assert.deepEqual(
      byName.disabled.map((account) => account.email),
      [grace.email],
    );
  });

  test('says so when nobody matches, and refuses what could end a filter early', async () => {
    await assert.rejects(offboard(target, 'nobody@example-health.com'), /No account has the email/);
    await assert.rejects(offboard(target, 'x" or email ^= "'), /is not an email, a sub or a user name/);
  });
});

describe('tokens after sign-out and offboarding', () => {
  test('the local pool issues access and id tokens for as long as the AWS pool: 5 minutes', async () => {
    const { accessToken, idToken } = await signInForTokens(service.url);
    for (const token of [accessToken, idToken]) {
      const { iat, exp } = claimsOf(token) as { iat: number; exp: number };
      assert.equal(exp - iat, TOKEN_LIFETIMES.accessToken.toSeconds());
    }
    assert.equal(TOKEN_LIFETIMES.accessToken.toSeconds(), 300);
    assert.equal(TOKEN_LIFETIMES.idToken.toSeconds(), 300);
  });
});
