/**
 * The accounts of the pool as the access commands see them (grant.ts, readers.ts, offboard.ts), and
 * how they find every account of one person.
 *
 * A person may have two accounts (a password one and a Google one, `Google_<id>`), each with its own
 * `sub`. Their email is not enough to find them: a reader can change it and verify the new address
 * (Google's mapping keeps `email` writable by the app client, core/pool-attributes.ts). So `npm run
 * grant` records the company address in COMPANY_EMAIL, which only administrators write, and a
 * person's accounts are those whose user name or `sub` is what the administrator gave, or whose
 * email or recorded company email reaches the same mailbox, repeated until nothing new is found.
 * ListUsers filters on standard attributes only (ListUsers, Filter: "you can't search for custom
 * attributes"), so the pool is read whole: one call per 60 users.
 */
import { paginateListUsers, paginateListUsersInGroup } from '@aws-sdk/client-cognito-identity-provider';
import type { AttributeType, CognitoIdentityProviderClient, UserType } from '@aws-sdk/client-cognito-identity-provider';
import { COMPANY_EMAIL, GOOGLE_WORKSPACE } from '../core/pool-attributes';
import { emailDomain } from '../core/sign-up-rule';
import { printable } from './report-text';

export interface PoolTarget {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  readerGroup: string;
  /** The company's email domains (deploy config `allowedEmailDomains`, as the sign-up rule uses). */
  allowedEmailDomains: readonly string[];
}

export interface Account {
  username: string;
  sub: string;
  email: string;
  /** `google` for an account created by a Google sign-in, `password` for one an administrator created. */
  kind: 'password' | 'google';
  /** The company address recorded by `npm run grant`; empty before the account was granted that way. */
  companyEmail: string;
  /**
   * The Workspace recorded when Google's claims were seen (GOOGLE_WORKSPACE), never the `hd` the
   * account can write itself; empty for password accounts and Google accounts from before the record.
   */
  workspace: string;
  enabled: boolean;
  created: Date | undefined;
}

/** What a user name, `sub` or email may hold: nothing that could pass for another kind of value. */
const IDENTIFIER = /^[^"\\\s\p{Cc}]{1,256}$/u;

export function accountOf(user: UserType & { UserAttributes?: AttributeType[] }): Account {
  const attributes = new Map((user.Attributes ?? user.UserAttributes ?? []).map((a) => [a.Name, a.Value ?? '']));
  return {
    username: user.Username ?? '',
    sub: attributes.get('sub') ?? '',
    email: attributes.get('email') ?? '',
    kind: attributes.get('identities') ? 'google' : 'password',
    companyEmail: attributes.get(COMPANY_EMAIL) ?? '',
    workspace: attributes.get(GOOGLE_WORKSPACE) ?? '',
    enabled: user.Enabled !== false,
    created: user.UserCreateDate,
  };
}

/**
 * The mailbox an address reaches: lower case, without a `+tag`, which Google Workspace and most
 * mail systems deliver to the same mailbox (`leaver+keep@` is `leaver@`).
 */
export function mailbox(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return domain ? `${local.split('+')[0]}@${domain}` : '';
}

export function inCompanyDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain !== null && domains.includes(domain);
}

/**
 * Every user of the pool. ListUsers answers at most 60 users a call and a `PaginationToken` while
 * more remain (ListUsers, "Limit": "0-60"; "PaginationToken"); the SDK's paginator follows it.
 */
export async function allAccounts(target: PoolTarget): Promise<Account[]> {
  const accounts: Account[] = [];
  for await (const page of paginateListUsers({ client: target.client }, { UserPoolId: target.userPoolId })) {
    accounts.push(...(page.Users ?? []).map(accountOf));
  }
  return accounts;
}

/** Every member of the reader group, followed across pages by `NextToken` (ListUsersInGroup). */
export async function readerAccounts(target: PoolTarget): Promise<Account[]> {
  const accounts: Account[] = [];
  const pages = paginateListUsersInGroup(
    { client: target.client },
    { UserPoolId: target.userPoolId, GroupName: target.readerGroup },
  );
  for await (const page of pages) accounts.push(...(page.Users ?? []).map(accountOf));
  return accounts;
}

export function checkIdentifier(who: string): string {
  const trimmed = who.trim();
  if (!IDENTIFIER.test(trimmed)) throw new Error(`"${who}" is not an email, a sub or a user name.`);
  return trimmed;
}

/** The accounts of the person `who` names (an email, a `sub` or a user name), from all the pool's accounts. */
export function accountsOfPerson(accounts: readonly Account[], who: string): Account[] {
  const mailboxes = new Set([mailbox(who)].filter(Boolean));
  const found = new Set(accounts.filter((account) => account.username === who || account.sub === who));
  const reaches = (account: Account) =>
    [account.email, account.companyEmail].some((email) => email && mailboxes.has(mailbox(email)));
  let grown = true;
  while (grown) {
    for (const account of found) {
      for (const email of [account.email, account.companyEmail]) if (email) mailboxes.add(mailbox(email));
    }
    const before = found.size;
    for (const account of accounts) if (reaches(account)) found.add(account);
    grown = found.size > before;
  }
  return [...found];
}

/** One account as the reports print it; what the reader wrote is printed escaped (report-text.ts). */
export const describeAccount = (account: Account): string =>
  printable(`${account.email || '(no email)'}: ${account.kind} account ${account.username} (sub ${account.sub})`);
