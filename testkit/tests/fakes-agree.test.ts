/**
 * The local stand-ins answer in AWS's documented shapes (testkit/documented-shapes/): a stand-in
 * that drifts from a fixture fails here, before a test built on it passes against a picture of AWS
 * that AWS does not give. The local identity service (cognito-local) is checked field by field; it
 * never pages (it ignores `Limit` and gives no token), which is why the paging loops are tested on
 * the documented pages instead (infra/tests/reader-accounts-pages.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localIdentity } from '../../core/local-pool';
import { documentedShape } from '../documented-shapes/shapes';
import { startIdentityProcess } from '../local-identity';
import type { RunningIdentityService } from '../local-identity';

type Fields = Record<string, unknown>;
const shapes = documentedShape<{ listUsers: { Users: Fields[] }[]; listUsersInGroup: { Users: Fields[] }[] }>(
  'cognito-list-users',
);

/** The JSON type of a field as it came over the wire (the SDK turns epoch seconds into a Date). */
const kind = (value: unknown) => (value instanceof Date ? 'number' : Array.isArray(value) ? 'array' : typeof value);

function missingOrDifferent(actual: Fields, documented: Fields): string[] {
  return Object.entries(documented)
    .filter(([field, value]) => !(field in actual) || kind(actual[field]) !== kind(value))
    .map(([field]) => field);
}

let service: RunningIdentityService;
let client: CognitoIdentityProviderClient;
before(async () => {
  service = await startIdentityProcess();
  client = new CognitoIdentityProviderClient({
    endpoint: service.url,
    region: localIdentity.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
after(async () => {
  client?.destroy();
  await service?.stop();
});

test('the local identity service’s ListUsers and ListUsersInGroup users have every documented field', async () => {
  const { userPoolId, readerGroup } = localIdentity;
  const { Users = [] } = await client.send(new ListUsersCommand({ UserPoolId: userPoolId }));
  assert.ok(Users.length > 0);
  for (const user of Users)
    assert.deepEqual(missingOrDifferent(user as Fields, shapes.listUsers[0].Users[0]), [], user.Username);
  const group = await client.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: readerGroup }));
  assert.ok(group.Users?.length);
  for (const user of group.Users!) {
    assert.deepEqual(missingOrDifferent(user as Fields, shapes.listUsersInGroup[0].Users[0]), [], user.Username);
  }
});

test('the comparison fails on a stand-in that drifted', () => {
  const documented = shapes.listUsers[0].Users[0];
  const withoutEnabled = Object.fromEntries(Object.entries(documented).filter(([field]) => field !== 'Enabled'));
  assert.deepEqual(missingOrDifferent(withoutEnabled, documented), ['Enabled']);
  assert.deepEqual(missingOrDifferent({ ...documented, UserCreateDate: '2026-11-18' }, documented), ['UserCreateDate']);
});
