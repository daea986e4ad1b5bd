/**
 * Offboarding through the AWS SDK against the local Cognito-compatible service, whose pool has the
 * deployed pool's attribute rules (identity/fixture: a changed email waits for verification, and a
 * reader's token writes only the app client's WriteAttributes). Readers are granted with `grant`,
 * which records their company email, as OPERATIONS.md has administrators do.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localIdentity } from '../../core/local-pool';
import { COMPANY_EMAIL } from '../../core/pool-attributes';
import {
  adminCreateUser,
  claimsOf,
  cognitoCall,
  googleSignInReturn,
  signInForTokens,
  startIdentityProcess,
} from '../../testkit/local-identity';
import type { RunningIdentityService } from '../../testkit/local-identity';
import { TOKEN_LIFETIMES } from '../identity-stack';
import { grant, grantOutcome } from '../grant';
import { offboard, offboardOutcome } from '../offboard';
import type { OffboardTarget } from '../offboard';
import { accountOf } from '../reader-accounts';

const password = 'Leaving-Soon-2026!';
const code = '424242';
const personalAddress = 'me@personal-mail.example';
const { readerGroup, userPoolId } = localIdentity;
let service: RunningIdentityService;
let client: CognitoIdentityProviderClient;
let target: OffboardTarget;

before(async () => {
  service = await startIdentityProcess({ CODE: code });
  client = localClient();
  target = { client, userPoolId, readerGroup, allowedEmailDomains: ['example-health.com', 'handbook.local'] };
});
after(async () => {
  client?.destroy();
  await service?.stop();
});

const localClient = () =>
  new CognitoIdentityProviderClient({
    endpoint: service.url,
    region: localIdentity.region,
    // The local service does not check signatures; the SDK insists on signing.
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** A password account an administrator created and granted (npm run grant) unless told not to. */
async function newReader(email: string, { grant: granted = true } = {}) {
  await adminCreateUser(service.url, email, {
    temporaryPassword: 'Temporary-2026!',
    permanentPassword: password,
    reader: false,
  });
  if (granted) assert.equal(grantOutcome(await grant(target, email), email, readerGroup).done, true);
  return signInForTokens(service.url, { email, password });
}

/** The reader group as administrators filled it before `npm run grant`: by email, nothing recorded. */
const adminAddToGroup = (email: string) =>
  cognitoCall(service.url, 'AdminAddUserToGroup', { UserPoolId: userPoolId, Username: email, GroupName: readerGroup });

const changeEmail = (accessToken: string, email: string) =>
  client.send(
    new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'email', Value: email }] }),
  );

const refreshed = (refreshToken: string) =>
  cognitoCall<{ AuthenticationResult: { AccessToken: string } }>(service.url, 'GetTokensFromRefreshToken', {
    ClientId: localIdentity.userPoolClientId,
    RefreshToken: refreshToken,
  }).then((result) => result.AuthenticationResult);

async function accountByEmail(email: string) {
  const { Users = [] } = await client.send(
    new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email}"` }),
  );
  assert.equal(Users.length, 1, email);
  return Users[0];
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
    const report = await offboard(target, leaver.toUpperCase());
    assert.deepEqual(
      report.disabled.map((account) => [account.email, account.kind]),
      [[leaver, 'password']],
    );
    assert.equal(offboardOutcome(report, leaver, readerGroup).done, true);
    await assertOffboarded(report.disabled[0].username, refreshToken);
    await assert.rejects(signInForTokens(service.url, { email: leaver, password }), /NotAuthorized|disabled/i);
  });

  test('finds a reader who changed their own email with their access token', async () => {
    const leaver = 'mover@example-health.com';
    const { accessToken, refreshToken } = await newReader(leaver);
    await changeEmail(accessToken, personalAddress);
    const { disabled } = await offboard(target, leaver);
    assert.deepEqual(
      disabled.map((account) => account.email),
      [leaver],
      'the original email stays until the new one is verified',
    );
    await assertOffboarded(disabled[0].username, refreshToken);
  });

  // Security review 3, finding 1: the change verified with the code sent to the new address.
  for (const [moved, newAddress] of [
    ['a personal address', (leaver: string) => `${leaver.split('@')[0]}@personal-mail.example`],
    ['a plus alias of the company mailbox', (leaver: string) => leaver.replace('@', '+keep@')],
  ] as const) {
    test(`offboards by the company email a reader who verified ${moved}`, async () => {
      const leaver = `verified.${moved.split(' ').pop()}@example-health.com`;
      const { accessToken, refreshToken } = await newReader(leaver);
      const verified = newAddress(leaver);
      await changeEmail(accessToken, verified);
      await client.send(
        new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }),
      );
      const { AccessToken } = await refreshed(refreshToken);
      assert.equal(claimsOf(AccessToken).username, (await accountByEmail(verified)).Username, 'the change took');

      const report = await offboard(target, leaver);
      assert.deepEqual(
        report.disabled.map((account) => [account.email, account.companyEmail]),
        [[verified, leaver]],
      );
      assert.deepEqual(report.failed, []);
      await assertOffboarded(report.disabled[0].username, refreshToken);
    });
  }

  test('offboards a Google account as a password account, by its user name', async () => {
    const username = `Google_${localIdentity.googleAccounts[0].sub}`;
    const byName = await offboard(target, username);
    assert.deepEqual(
      byName.disabled.map((account) => [account.username, account.kind]),
      [[username, 'google']],
    );
    await assertOffboarded(username);
  });

  test('disables both accounts of a person with a Google account who verified an alias on the password one', async () => {
    // The password account first, then the first Google sign-in: two users with one email.
    const [grace] = localIdentity.googleAccounts;
    await cognitoCall(service.url, 'AdminDeleteUser', { UserPoolId: userPoolId, Username: `Google_${grace.sub}` });
    const { accessToken, refreshToken } = await newReader(grace.email, { grant: false });
    assert.ok((await googleSignInReturn(service.url, grace)).searchParams.get('code'));
    assert.deepEqual((await grant(target, grace.email)).granted.map((account) => account.kind).sort(), [
      'google',
      'password',
    ]);
    await changeEmail(accessToken, grace.email.replace('@', '+keep@'));
    await client.send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }));

    const report = await offboard(target, grace.email);
    assert.deepEqual(report.disabled.map((account) => account.kind).sort(), ['google', 'password']);
    for (const account of report.disabled) await assertOffboarded(account.username);
    await assertOffboarded(report.disabled.find((account) => account.kind === 'password')!.username, refreshToken);
  });

  test('a reader cannot write the company email recorded at grant', async () => {
    const reader = 'steady@example-health.com';
    const { accessToken } = await newReader(reader);
    await assert.rejects(
      client.send(
        new UpdateUserAttributesCommand({
          AccessToken: accessToken,
          UserAttributes: [{ Name: COMPANY_EMAIL, Value: 'someone.else@example-health.com' }],
        }),
      ),
      { name: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' },
    );
    assert.equal(accountOf(await accountByEmail(reader)).companyEmail, reader);
  });

  test('a reader granted before grant recorded emails, moved away: not found, but named in the report', async () => {
    const leaver = 'old.timer@example-health.com';
    const { accessToken, refreshToken } = await newReader(leaver, { grant: false });
    await adminAddToGroup(leaver);
    await changeEmail(accessToken, personalAddress);
    await client.send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }));

    const report = await offboard(target, leaver);
    assert.deepEqual(report.found, []);
    const outcome = offboardOutcome(report, leaver, readerGroup);
    assert.equal(outcome.done, false, 'nothing found is not done');
    assert.match(outcome.lines.join('\n'), /No account has the email, sub, user name or company email/);
    assert.deepEqual(
      report.moved.map((account) => account.email),
      [personalAddress],
    );
    assert.match(outcome.lines.join('\n'), new RegExp(`outside the company domains[^]*${personalAddress}`));
    const { disabled } = await offboard(target, String(claimsOf(accessToken).sub));
    await assertOffboarded(disabled[0].username, refreshToken);
  });

  test('never reports success while an account stays enabled', async () => {
    const leaver = 'unlucky@example-health.com';
    await newReader(leaver);
    // The pool answers AdminDisableUser but does not disable: what the command reads back decides.
    const ignoring = localClient();
    ignoring.middlewareStack.add(
      (next, context) => async (args) =>
        context.commandName === 'AdminDisableUserCommand' ? { output: { $metadata: {} }, response: {} } : next(args),
      { step: 'initialize' },
    );
    const report = await offboard({ ...target, client: ignoring }, leaver);
    ignoring.destroy();
    assert.deepEqual(report.disabled, []);
    assert.deepEqual(
      report.failed.map(({ account, reason }) => [account.email, reason]),
      [[leaver, 'still enabled after AdminDisableUser']],
    );
    const outcome = offboardOutcome(report, leaver, readerGroup);
    assert.equal(outcome.done, false);
    assert.doesNotMatch(outcome.lines.join('\n'), /signed out everywhere and disabled/);
    assert.match(outcome.lines.join('\n'), /NOT OFFBOARDED/);
  });

  test('says so when nobody matches, and refuses what is not an identifier', async () => {
    const report = await offboard(target, 'nobody@example-health.com');
    assert.deepEqual(report.found, []);
    assert.equal(offboardOutcome(report, 'nobody@example-health.com', readerGroup).done, false);
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
