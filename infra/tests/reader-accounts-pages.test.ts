/**
 * Cognito answers ListUsers 60 users at a time and ListUsersInGroup likewise (their `Limit`), with
 * a token while more remain; the local identity service never pages, so these loops are held here
 * to the documented pages (testkit/documented-shapes/cognito-list-users.json), through the SDK's
 * paginators, against a client stubbed with aws-sdk-client-mock. A person whose second account is
 * on the second page is still offboarded whole.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ListUsersCommandInput, UserType } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { offboard } from '../offboard';
import { allAccounts, readerAccounts } from '../reader-accounts';
import type { PoolTarget } from '../reader-accounts';

type Page = { Users: (Omit<UserType, 'UserCreateDate' | 'UserLastModifiedDate'> & { UserCreateDate: number })[] };
const shapes = documentedShape<{
  listUsers: (Page & { PaginationToken?: string })[];
  listUsersInGroup: (Page & { NextToken?: string })[];
}>('cognito-list-users');

/** The SDK turns the JSON's epoch seconds into a Date; the stub answers after that step, so do it here. */
const asSdkAnswer = <T extends Page>(page: T) => ({
  ...page,
  Users: page.Users.map((user) => ({ ...user, UserCreateDate: new Date(user.UserCreateDate * 1000) })),
});

const client = new CognitoIdentityProviderClient({
  region: 'eu-west-1',
  credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
});
const cognito = mockClient(client);
const target: PoolTarget = {
  client,
  userPoolId: 'eu-west-1_AbCdEfGhI',
  readerGroup: 'handbook-readers',
  allowedEmailDomains: ['example-health.com'],
};

/** Answers each page in turn, recording a copy of each request (the paginator reuses one input). */
function pagesOf<T>(command: typeof ListUsersCommand | typeof ListUsersInGroupCommand, pages: T[]) {
  const requests: ListUsersCommandInput[] & { NextToken?: string }[] = [];
  const queue = [...pages];
  cognito.on(command as typeof ListUsersCommand).callsFake((input: ListUsersCommandInput) => {
    requests.push({ ...input });
    return queue.shift();
  });
  return requests;
}

afterEach(() => cognito.reset());

describe('reading the pool across pages', () => {
  test('every user: the second ListUsers call carries the first page’s PaginationToken', async () => {
    const requests = pagesOf(ListUsersCommand, shapes.listUsers.map(asSdkAnswer));
    const accounts = await allAccounts(target);
    assert.deepEqual(
      accounts.map((account) => account.username),
      shapes.listUsers.flatMap((page) => page.Users.map((user) => user.Username)),
    );
    assert.deepEqual(
      requests.map((request) => request.PaginationToken),
      [undefined, shapes.listUsers[0].PaginationToken],
    );
    assert.equal(accounts[2].kind, 'google');
    assert.equal(accounts[2].created?.toISOString(), '2026-11-18T11:06:40.000Z');
  });

  test('every reader: ListUsersInGroup followed by its NextToken', async () => {
    const requests = pagesOf(ListUsersInGroupCommand, shapes.listUsersInGroup.map(asSdkAnswer));
    const readers = await readerAccounts(target);
    assert.deepEqual(
      readers.map((account) => account.email),
      ['ann@example-health.com', 'leaver@example-health.com'],
    );
    assert.deepEqual(
      requests.map((request) => (request as { NextToken?: string }).NextToken),
      [undefined, shapes.listUsersInGroup[0].NextToken],
    );
  });

  test('offboarding finds the account on the second page too, and disables both of the person’s', async () => {
    pagesOf(ListUsersCommand, shapes.listUsers.map(asSdkAnswer));
    pagesOf(ListUsersInGroupCommand, shapes.listUsersInGroup.map(asSdkAnswer));
    const disabled = new Set<string>();
    cognito.on(AdminRemoveUserFromGroupCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    cognito.on(AdminDisableUserCommand).callsFake(({ Username }: { Username: string }) => {
      disabled.add(Username);
      return {};
    });
    cognito.on(AdminGetUserCommand).callsFake(({ Username }: { Username: string }) => ({
      Username,
      Enabled: !disabled.has(Username),
      UserAttributes: [],
    }));
    cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [] });
    const report = await offboard(target, 'leaver@example-health.com');
    assert.deepEqual(report.failed, []);
    assert.deepEqual(report.disabled.map((account) => account.username).sort(), [
      '7c1d0b5e-1111-4aaa-8bbb-000000000002',
      'Google_104512345678901234567',
    ]);
  });
});
