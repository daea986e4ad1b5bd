/**
 * `npm run offboard -- <email | sub | username>`: when someone leaves. Finds every account of the
 * person (reader-accounts.ts: by user name, `sub`, email and the company email recorded at grant,
 * `+tag` aliases included) and, for each, takes it out of the readers' group, ends every session
 * (its refresh tokens stop working at once) and disables it, so neither the password form nor
 * Google lets them back in. Then it reads each account back: an account still enabled or still in
 * the group is a failure, never a success. Tokens already issued pass the gate's offline check
 * until they expire (infra/identity-stack.ts TOKEN_LIFETIMES: 5 minutes).
 *
 * Every report also lists the readers whose email is outside the company's domains or no longer
 * the company email recorded at grant (was an account moved there?), and those whose email has the
 * leaver's name before the `@` in another domain, also when nothing was found.
 */
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { TOKEN_LIFETIMES } from './identity-stack';
import type { CommandOutcome } from './pool-target';
import {
  accountOf,
  accountsOfPerson,
  allAccounts,
  checkIdentifier,
  describeAccount,
  inCompanyDomains,
  mailbox,
  readerAccounts,
} from './reader-accounts';
import type { Account, PoolTarget } from './reader-accounts';

export type { Account } from './reader-accounts';
export type OffboardTarget = PoolTarget;

export interface OffboardReport {
  /** Every account of the person the pool holds. */
  found: Account[];
  /** Those now out of the group and disabled, as read back from the pool. */
  disabled: Account[];
  /** Those left enabled or in the group, with what went wrong. */
  failed: { account: Account; reason: string }[];
  /** Readers whose email is outside the company's domains, or not the company email recorded at grant. */
  moved: Account[];
  /** Readers elsewhere whose address has the name the leaver's has before the `@`. */
  sameName: Account[];
}

const localPart = (email: string) => mailbox(email).split('@')[0];

/** An account the reader may have moved: outside the company, or away from its recorded company email. */
export function looksMoved(account: Account, domains: readonly string[]): boolean {
  return (
    !inCompanyDomains(account.email, domains) ||
    (account.companyEmail !== '' && mailbox(account.companyEmail) !== mailbox(account.email))
  );
}

async function offboardAccount(target: PoolTarget, account: Account): Promise<string | null> {
  const { client, userPoolId, readerGroup } = target;
  const user = { UserPoolId: userPoolId, Username: account.username };
  try {
    await client.send(new AdminRemoveUserFromGroupCommand({ ...user, GroupName: readerGroup }));
    await client.send(new AdminUserGlobalSignOutCommand(user));
    await client.send(new AdminDisableUserCommand(user));
    const now = accountOf(await client.send(new AdminGetUserCommand(user)));
    const { Groups = [] } = await client.send(new AdminListGroupsForUserCommand(user));
    if (now.enabled) return 'still enabled after AdminDisableUser';
    if (Groups.some((group) => group.GroupName === readerGroup)) return `still in ${readerGroup}`;
    return null;
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}

/** Offboards every account of the person and reports what holds now; throws only on a malformed identifier. */
export async function offboard(target: PoolTarget, who: string): Promise<OffboardReport> {
  const identifier = checkIdentifier(who);
  const everyone = await allAccounts(target);
  const found = accountsOfPerson(everyone, identifier);
  const report: OffboardReport = { found, disabled: [], failed: [], moved: [], sameName: [] };
  for (const account of found) {
    const reason = await offboardAccount(target, account);
    if (reason) report.failed.push({ account, reason });
    else report.disabled.push(account);
  }
  const names = new Set(
    [identifier, ...found.flatMap((account) => [account.email, account.companyEmail])].map(localPart).filter(Boolean),
  );
  const theirs = new Set(found.map((account) => account.username));
  for (const reader of await readerAccounts(target)) {
    if (theirs.has(reader.username)) continue;
    if (looksMoved(reader, target.allowedEmailDomains)) report.moved.push(reader);
    if (names.has(localPart(reader.email))) report.sameName.push(reader);
  }
  return report;
}

/** What the administrator reads: done only when every account of the person was found and now holds. */
export function offboardOutcome(report: OffboardReport, who: string, readerGroup: string): CommandOutcome {
  const lines: string[] = [];
  const list = (heading: string, accounts: string[]) => {
    if (accounts.length) lines.push(heading, ...accounts.map((account) => `  - ${account}`));
  };
  if (!report.found.length)
    lines.push(`No account has the email, sub, user name or company email ${who}: nothing was disabled.`);
  list(`Out of ${readerGroup}, signed out everywhere and disabled:`, report.disabled.map(describeAccount));
  list(
    'NOT OFFBOARDED (still enabled or in the group; run the command again, or act in the console):',
    report.failed.map(({ account, reason }) => `${describeAccount(account)}: ${reason}`),
  );
  if (report.disabled.length) {
    lines.push(`Tokens already issued expire within ${TOKEN_LIFETIMES.accessToken.toMinutes()} minutes.`);
  }
  list(
    'Readers whose email is outside the company domains or not the one recorded at grant (was an account moved there?):',
    report.moved.map(describeAccount),
  );
  list('Readers elsewhere with the same name before the @ (the same person?):', report.sameName.map(describeAccount));
  return { lines, done: report.found.length > 0 && report.failed.length === 0 };
}
