/**
 * `npm run offboard -- <email | sub | username>`: when someone leaves. Finds every account of the
 * person and, for each, takes it out of the readers' group, ends every session (its refresh tokens
 * stop working at once) and disables it, so neither the password form nor Google lets them back in.
 * Tokens already issued pass the gate's offline check until they expire (infra/identity-stack.ts
 * TOKEN_LIFETIMES: 5 minutes).
 *
 * The accounts of a person: those whose username, `sub` or email is what the administrator gave,
 * and then every account sharing an email with one found (a password account and a Google one are
 * two users). A reader cannot move an account off their company address unnoticed: the pool keeps
 * the original email until a new one is verified (identity-stack.ts, `keepOriginal`), and an
 * account verified onto an address outside the company's domains is listed in every report.
 */
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AttributeType, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

export interface OffboardTarget {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  readerGroup: string;
  /** The company's email domains (deploy config `allowedEmailDomains`). */
  allowedEmailDomains: readonly string[];
}

export interface Account {
  username: string;
  sub: string;
  email: string;
  /** `google` for an account created by a Google sign-in, `password` for one an administrator created. */
  kind: 'password' | 'google';
}

export interface OffboardReport {
  /** Every account of the person, each now out of the group, signed out and disabled. */
  disabled: Account[];
  /** Readers whose email is outside the company's domains: someone may have moved an account there. */
  outsideCompanyDomains: Account[];
}

const EMAIL = /^[^@\s"\\]+@[^@\s"\\]+$/;
/** What a ListUsers filter value may hold: no quote or backslash can end the filter early. */
const FILTER_VALUE = /^[^"\\\s]{1,256}$/;

function accountOf(user: {
  Username?: string;
  Attributes?: AttributeType[];
  UserAttributes?: AttributeType[];
}): Account {
  const attributes = new Map((user.Attributes ?? user.UserAttributes ?? []).map((a) => [a.Name, a.Value ?? '']));
  return {
    username: user.Username ?? '',
    sub: attributes.get('sub') ?? '',
    email: attributes.get('email') ?? '',
    kind: attributes.get('identities') ? 'google' : 'password',
  };
}

async function listUsers(target: OffboardTarget, filter: string): Promise<Account[]> {
  const accounts: Account[] = [];
  let token: string | undefined;
  do {
    const page = await target.client.send(
      new ListUsersCommand({ UserPoolId: target.userPoolId, Filter: filter, PaginationToken: token }),
    );
    accounts.push(...(page.Users ?? []).map(accountOf));
    token = page.PaginationToken;
  } while (token);
  return accounts;
}

async function accountNamed(target: OffboardTarget, username: string): Promise<Account[]> {
  try {
    const user = await target.client.send(
      new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: username }),
    );
    return [accountOf(user)];
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return [];
    throw error;
  }
}

/** Every account the identifier names, then every account sharing an email with those. */
async function accountsOfPerson(target: OffboardTarget, who: string): Promise<Account[]> {
  if (!FILTER_VALUE.test(who)) throw new Error(`"${who}" is not an email, a sub or a user name.`);
  const emails = new Set(EMAIL.test(who) ? [who, who.toLowerCase()] : []);
  const found = [
    ...(await accountNamed(target, who)),
    ...(await listUsers(target, `sub = "${who}"`)),
    ...(await listUsers(target, `username = "${who}"`)),
  ];
  for (const account of found) if (account.email) emails.add(account.email);
  for (const email of emails) {
    if (FILTER_VALUE.test(email)) found.push(...(await listUsers(target, `email = "${email}"`)));
  }
  return [...new Map(found.map((account) => [account.username, account])).values()];
}

async function readersOutsideCompanyDomains(target: OffboardTarget): Promise<Account[]> {
  const outside: Account[] = [];
  let token: string | undefined;
  do {
    const page = await target.client.send(
      new ListUsersInGroupCommand({ UserPoolId: target.userPoolId, GroupName: target.readerGroup, NextToken: token }),
    );
    for (const account of (page.Users ?? []).map(accountOf)) {
      const domain = account.email.split('@')[1]?.toLowerCase() ?? '';
      if (!target.allowedEmailDomains.includes(domain)) outside.push(account);
    }
    token = page.NextToken;
  } while (token);
  return outside;
}

/** Offboards every account of the person; fails, doing nothing, when none is found. */
export async function offboard(target: OffboardTarget, who: string): Promise<OffboardReport> {
  const accounts = await accountsOfPerson(target, who.trim());
  if (accounts.length === 0) throw new Error(`No account has the email, sub or user name ${who}.`);
  const { client, userPoolId, readerGroup } = target;
  for (const { username } of accounts) {
    const user = { UserPoolId: userPoolId, Username: username };
    await client.send(new AdminRemoveUserFromGroupCommand({ ...user, GroupName: readerGroup }));
    await client.send(new AdminUserGlobalSignOutCommand(user));
    await client.send(new AdminDisableUserCommand(user));
  }
  return { disabled: accounts, outsideCompanyDomains: await readersOutsideCompanyDomains(target) };
}
