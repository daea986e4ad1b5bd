/**
 * The access log: who loaded which page, and what the gate answered. One JSON line per page load
 * (a document request), from the Node gate server (stdout) and the edge (CloudWatch Logs). Built
 * only from the fields below, so no token, cookie or query string (which carries Google's sign-in
 * code on the way back) can reach it. A reader is named by their user pool `sub`, a stable id that
 * is not their email: the log holds no address, and an auditor resolves an id to a person in the
 * user pool (`aws cognito-idp list-users --filter 'sub = "<id>"'`), which offboarding keeps.
 */
import type { Decision } from './decide';
import type { VerifiedSession } from './session';

/** Longer paths are cut: a line stays one line of bounded size whatever a visitor sends. */
const MAX_LOGGED_PATH_LENGTH = 1024;

export interface PageLoad {
  time: Date;
  /** The request path as received, percent-encoded, without the query string. */
  path: string;
  /** What the gate decided (`serve`, `redirect`, `signOut`, `refuse`), or `misdirected` (421). */
  decision: Decision['action'] | 'misdirected';
  status: number;
  /** The verified session, when the decision read one; null for a visitor without one. */
  session: VerifiedSession | null;
}

export function accessLogLine(load: PageLoad): string {
  return JSON.stringify({
    time: load.time.toISOString(),
    event: 'page-load',
    userId: load.session?.userId ?? null,
    path: load.path.slice(0, MAX_LOGGED_PATH_LENGTH),
    decision: load.decision,
    status: load.status,
  });
}
