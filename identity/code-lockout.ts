/**
 * Wrong TOTP codes counted per account, whatever the address or session they come from (security
 * review 4, finding 8: 16 addresses tried 45 codes a second against one account, each within its
 * own per-address budget). Cognito documents its lockout for passwords: "After five failed
 * unauthenticated sign-in attempts with a password, Amazon Cognito locks out your user for one
 * second. The lockout duration then doubles after each additional one failed attempt, up to a
 * maximum of approximately 15 minutes" (developer guide, "Lockout behavior for failed sign-in
 * attempts"); the local service applies the same schedule to second-factor codes. A right code
 * ends the count.
 */

/** Wrong codes an account may take before the first lockout. */
export const FREE_CODE_FAILURES = 5;
const FIRST_LOCKOUT_MS = 1_000;
const LONGEST_LOCKOUT_MS = 15 * 60_000;

interface Failures {
  count: number;
  lockedUntil: number;
}

/** Per user name; only accounts with a second factor get here, so the map is as bounded as the pool. */
const failures = new Map<string, Failures>();

/** Whether the account may have a code checked now. */
export function codeCheckAllowed(username: string, now = Date.now()): boolean {
  return (failures.get(username)?.lockedUntil ?? 0) <= now;
}

/** Counts a wrong code; from the sixth on, each locks the account twice as long as the one before. */
export function wrongCode(username: string, now = Date.now()): void {
  const count = (failures.get(username)?.count ?? 0) + 1;
  const lockout =
    count > FREE_CODE_FAILURES
      ? Math.min(FIRST_LOCKOUT_MS * 2 ** (count - FREE_CODE_FAILURES - 1), LONGEST_LOCKOUT_MS)
      : count === FREE_CODE_FAILURES
        ? FIRST_LOCKOUT_MS
        : 0;
  failures.set(username, { count, lockedUntil: lockout ? now + lockout : 0 });
}

export function rightCode(username: string): void {
  failures.delete(username);
}
