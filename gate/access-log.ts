/**
 * Who read what: one JSON line per page load, written by the Node gate server (stdout) and the edge
 * (CloudWatch Logs). It names the reader and the page and never carries a token or a cookie.
 */
import { wantsPage } from './decide';
import type { Decision, GateRequest } from './decide';
import type { Session } from './session';

export interface AccessLogEntry {
  time: string;
  userId: string | null;
  email: string | null;
  path: string;
  decision: Decision['action'];
  status: number;
}

/** The line for a page load, or null for any other request (scripts, images, the search index). */
export function accessLogLine(
  request: Pick<GateRequest, 'path' | 'accept' | 'secFetchDest'>,
  decision: Decision,
  session: Session | null,
  now = new Date(),
): string | null {
  if (!wantsPage(request)) return null;
  const entry: AccessLogEntry = {
    time: now.toISOString(),
    userId: session?.userId ?? null,
    email: session?.email ?? null,
    path: request.path,
    decision: decision.action,
    status: decision.status,
  };
  return JSON.stringify(entry);
}
