/**
 * `npm run grant -- <email | sub | username>`: makes a person a reader. Finds every account of the
 * person (reader-accounts.ts: a password account and a Google one, `Google_<id>`, are two users)
 * and, for each, records its company email where none is recorded yet (COMPANY_EMAIL, which only
 * administrators write, so offboarding finds the person by it whatever they do to their `email`)
 * and adds it to the reader group; then reads each back.
 *
 * It refuses, granting nothing, a person with any account whose email is outside the company's
 * domains, a Google account with no company Workspace recorded at its first sign-in (GOOGLE_WORKSPACE,
 * which the account cannot write: never the `hd` it can), and a
 * disabled account (offboarded: an administrator enables it deliberately first).
 */
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { COMPANY_EMAIL } from '../core/pool-attributes';
import type { CommandOutcome } from './pool-target';
import {
  accountOf,
  accountsOfPerson,
  allAccounts,
  checkIdentifier,
  describeAccount,
  inCompanyDomains,
  mailbox,
} from './reader-accounts';
import type { Account, PoolTarget } from './reader-accounts';
import { printable } from './report-text';

export interface GrantReport {
  found: Account[];
  /** Why the person was not granted at all: nothing was changed. */
  refused: string[];
  /** In the group, with a company email recorded, as read back from the pool. */
  granted: Account[];
  failed: { account: Account; reason: string }[];
}

/** Why an account may not be a reader, or null. */
function refusal(account: Account, domains: readonly string[]): string | null {
  if (!inCompanyDomains(account.email, domains)) {
    return `${describeAccount(account)}: the email is outside the company domains (${domains.join(', ')})`;
  }
  if (account.kind === 'google' && !account.workspace) {
    return `${describeAccount(account)}: no Workspace recorded at its first Google sign-in (an account from before the record); check it once by hand (infra/OPERATIONS.md, "Google accounts from before the Workspace record")`;
  }
  if (account.kind === 'google' && !domains.includes(account.workspace.toLowerCase())) {
    return `${describeAccount(account)}: a Google account of no company Workspace (${printable(account.workspace)})`;
  }
  if (!account.enabled) {
    return `${describeAccount(account)}: the account is disabled (offboarded?); enable it deliberately first (admin-enable-user)`;
  }
  return null;
}

async function grantAccount(target: PoolTarget, account: Account): Promise<string | null> {
  const { client, userPoolId, readerGroup } = target;
  const user = { UserPoolId: userPoolId, Username: account.username };
  try {
    if (!account.companyEmail) {
      await client.send(
        new AdminUpdateUserAttributesCommand({
          ...user,
          UserAttributes: [{ Name: COMPANY_EMAIL, Value: mailbox(account.email) }],
        }),
      );
    }
    await client.send(new AdminAddUserToGroupCommand({ ...user, GroupName: readerGroup }));
    const now = accountOf(await client.send(new AdminGetUserCommand(user)));
    const { Groups = [] } = await client.send(new AdminListGroupsForUserCommand(user));
    if (!Groups.some((group) => group.GroupName === readerGroup))
      return `not in ${readerGroup} after AdminAddUserToGroup`;
    if (!now.companyEmail) return `no ${COMPANY_EMAIL} recorded`;
    return null;
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}

export async function grant(target: PoolTarget, who: string): Promise<GrantReport> {
  const identifier = checkIdentifier(who);
  const report: GrantReport = { found: [], refused: [], granted: [], failed: [] };
  if (identifier.includes('@') && !inCompanyDomains(identifier, target.allowedEmailDomains)) {
    report.refused.push(`${identifier} is outside the company domains (${target.allowedEmailDomains.join(', ')})`);
    return report;
  }
  report.found = accountsOfPerson(await allAccounts(target), identifier);
  report.refused = report.found
    .map((account) => refusal(account, target.allowedEmailDomains))
    .filter((reason): reason is string => reason !== null);
  if (report.refused.length) return report;
  for (const account of report.found) {
    const reason = await grantAccount(target, account);
    if (reason) report.failed.push({ account, reason });
    else report.granted.push(account);
  }
  return report;
}

/** What the administrator reads: done only when the person was found and every account is a reader. */
export function grantOutcome(report: GrantReport, who: string, readerGroup: string): CommandOutcome {
  const lines: string[] = [];
  if (report.refused.length) {
    lines.push(
      `Refused, nothing changed: ${who} may not be a reader.`,
      ...report.refused.map((reason) => `  - ${reason}`),
    );
  } else if (!report.found.length) {
    lines.push(
      `No account has the email, sub, user name or company email ${who}: nothing was granted.`,
      'A Google reader signs in once with Google first; a password account is created by an administrator (infra/OPERATIONS.md).',
    );
  }
  if (report.granted.length) {
    lines.push(
      `In ${readerGroup}, with a company email recorded:`,
      ...report.granted.map((account) => `  - ${describeAccount(account)}`),
    );
  }
  if (report.failed.length) {
    lines.push(
      'NOT GRANTED (run the command again):',
      ...report.failed.map(({ account, reason }) => `  - ${describeAccount(account)}: ${reason}`),
    );
  }
  const done = report.found.length > 0 && !report.refused.length && !report.failed.length;
  return { lines, done };
}

/**
 * `npm run grant -- <who> [<who> ...]`: each person in turn, as if granted one by one (how the
 * readers from before `grant` are brought under it in one command, readers.ts); done only when
 * every one of them is.
 */
export async function grantEveryone(target: PoolTarget, people: readonly string[]): Promise<CommandOutcome> {
  const outcomes: CommandOutcome[] = [];
  for (const who of people) outcomes.push(grantOutcome(await grant(target, who), printable(who), target.readerGroup));
  return { lines: outcomes.flatMap((outcome) => outcome.lines), done: outcomes.every((outcome) => outcome.done) };
}
