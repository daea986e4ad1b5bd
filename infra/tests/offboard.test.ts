/** Offboarding through the AWS SDK against the local Cognito-compatible service. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { localIdentity } from '../../identity/local-pool';
import { adminCreateUser, cognitoCall, startIdentityProcess } from '../../identity/testing';
import type { RunningIdentityService } from '../../identity/testing';
import { offboard } from '../offboard';

const leaver = 'leaver@example-health.com';
const password = 'Leaving-Soon-2026!';
const { readerGroup } = localIdentity;
let service: RunningIdentityService;
let client: CognitoIdentityProviderClient;

before(async () => {
  service = await startIdentityProcess();
  client = new CognitoIdentityProviderClient({
    endpoint: service.url,
    region: localIdentity.region,
    // The local service does not check signatures; the SDK insists on signing.
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await adminCreateUser(service.url, leaver, { temporaryPassword: 'Temporary-2026!', permanentPassword: password });
});
after(async () => {
  client?.destroy();
  await service?.stop();
});

const signIn = () =>
  cognitoCall<{ AuthenticationResult: { RefreshToken: string } }>(service.url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: localIdentity.userPoolClientId,
    AuthParameters: { USERNAME: leaver, PASSWORD: password },
  });

describe('npm run offboard', () => {
  test('takes the reader out of the group, ends their sessions and disables the account', async () => {
    const { RefreshToken } = (await signIn()).AuthenticationResult;
    const target = { client, userPoolId: localIdentity.userPoolId, readerGroup };
    const [username] = await offboard(target, leaver.toUpperCase());

    const user = { UserPoolId: localIdentity.userPoolId, Username: username };
    assert.equal((await client.send(new AdminGetUserCommand(user))).Enabled, false);
    assert.deepEqual((await client.send(new AdminListGroupsForUserCommand(user))).Groups, []);
    await assert.rejects(
      cognitoCall(service.url, 'GetTokensFromRefreshToken', {
        ClientId: localIdentity.userPoolClientId,
        RefreshToken,
      }),
      /NotAuthorizedException/,
    );
    await assert.rejects(signIn(), /NotAuthorizedException|UserNotEnabled|disabled/i);
  });

  test('says so when no account has the email, and refuses what is not an email', async () => {
    const target = { client, userPoolId: localIdentity.userPoolId, readerGroup };
    await assert.rejects(offboard(target, 'nobody@example-health.com'), /No account has the email/);
    await assert.rejects(offboard(target, 'x" or email ^= "'), /is not an email address/);
  });
});
