/**
 * `npm run readers [-- --csv]`: the quarterly access review. Every member of the reader group: how
 * they sign in, when the account was created, their last page load in the edge's access log (which
 * names readers by their pool `sub`, access-log-query.ts), and what a reviewer should look at: a
 * reader not seen in 90 days, an email outside the company's domains or no longer the one recorded
 * at grant, no company email recorded (granted before `npm run grant` existed), a Google account of
 * no company Workspace or with none recorded at its first sign-in (created before the record, to be
 * checked once by hand), a disabled account still in the group.
 */
import type { ReaderLoads } from './access-log-query';
import { looksMoved } from './offboard';
import type { CommandOutcome } from './pool-target';
import { inCompanyDomains } from './reader-accounts';
import { csvCell, printable } from './report-text';
import type { Account } from './reader-accounts';

/** A reader who has loaded no page for this long is flagged. */
export const UNSEEN_DAYS = 90;

export interface ReaderRow {
  account: Account;
  /** ISO time of the last page load in the access log, or null when none in the period. */
  lastPageLoad: string | null;
  flags: string[];
}

function flagsOf(account: Account, lastPageLoad: string | null, domains: readonly string[]): string[] {
  const flags: string[] = [];
  if (!lastPageLoad) flags.push(`not seen in ${UNSEEN_DAYS} days`);
  if (!inCompanyDomains(account.email, domains)) flags.push('email outside the company domains');
  else if (looksMoved(account, domains)) flags.push(`email is not the one recorded at grant (${account.companyEmail})`);
  if (!account.companyEmail) flags.push('no company email recorded: run npm run grant for this reader');
  if (account.kind === 'google' && !account.workspace) {
    flags.push('no Workspace recorded at its first Google sign-in: check it once (infra/OPERATIONS.md)');
  } else if (account.kind === 'google' && !domains.includes(account.workspace.toLowerCase())) {
    flags.push('Google account of no company Workspace');
  }
  if (!account.enabled) flags.push('disabled but still in the group');
  return flags;
}

/** One row per reader, oldest last page load first (never seen before all), then by email. */
export function readerReview(
  readers: readonly Account[],
  loads: readonly ReaderLoads[],
  domains: readonly string[],
): ReaderRow[] {
  const lastBySub = new Map(loads.map((load) => [load.userId, load.last]));
  return readers
    .map((account) => {
      const lastPageLoad = lastBySub.get(account.sub) ?? null;
      return { account, lastPageLoad, flags: flagsOf(account, lastPageLoad, domains) };
    })
    .sort(
      (a, b) =>
        (a.lastPageLoad ?? '').localeCompare(b.lastPageLoad ?? '') || a.account.email.localeCompare(b.account.email),
    );
}

const COLUMNS = ['email', 'sign-in', 'created', 'last page load', 'flags', 'user name', 'sub'];

function cells({ account, lastPageLoad, flags }: ReaderRow): string[] {
  return [
    account.email,
    account.kind === 'google' ? 'Google' : 'password',
    account.created?.toISOString().slice(0, 10) ?? '',
    lastPageLoad ?? `none in ${UNSEEN_DAYS} days`,
    flags.join('; '),
    account.username,
    account.sub,
  ];
}

/**
 * The review as the administrator reads it (one block per reader) or as a spreadsheet takes it
 * (`csv`). A review that lists every reader is done, whatever it flags.
 */
export function readersOutcome(rows: readonly ReaderRow[], csv: boolean, readerGroup: string): CommandOutcome {
  if (csv)
    return {
      lines: [COLUMNS, ...rows.map(cells)].map((row) => row.map((cell) => csvCell(printable(cell))).join(',')),
      done: true,
    };
  const flagged = rows.filter((row) => row.flags.length).length;
  const lines = rows.flatMap((row) => {
    const [email, signIn, created, last, flags, username, sub] = cells(row).map(printable);
    return [
      `${email} (${signIn}, created ${created}, user ${username}, sub ${sub})`,
      `  last page load: ${last}`,
      ...(flags ? [`  look at: ${flags}`] : []),
    ];
  });
  lines.push(`${rows.length} readers in ${readerGroup}; ${flagged} flagged for review.`);
  lines.push(...beforeGrant(rows));
  return { lines, done: true };
}

/**
 * The readers added before `npm run grant` existed (no company email recorded, so offboarding can
 * miss them once they change their email: security review 4, finding 10), and the one command that
 * brings them all under `grant`, naming each by `sub` (an email could be read by a shell as more
 * than an address). infra/OPERATIONS.md says what to check first.
 */
function beforeGrant(rows: readonly ReaderRow[]): string[] {
  const ungranted = rows.filter((row) => !row.account.companyEmail);
  if (!ungranted.length) return [];
  return [
    `${ungranted.length} readers from before npm run grant (no company email recorded): check each address against the company's records (infra/OPERATIONS.md), then record them all at once:`,
    `  npm run grant -- ${ungranted.map((row) => printable(row.account.sub)).join(' ')}`,
  ];
}
