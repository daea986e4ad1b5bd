/**
 * What the gate answers itself, for every decision but serving a file (`decide.ts`), as a plain
 * description: the Node server writes it to its response, the edge function returns it as a
 * generated CloudFront response. Each adds the security headers in its own way.
 */
import { STATUS_CODES } from 'node:http';
import type { Decision } from './decide';
import { CLEAR_SITE_CACHE } from './headers';

export interface GateResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body?: string;
}

/** A short message, never stored. */
export function plainTextResponse(status: number, text: string, headers: Record<string, string> = {}): GateResponse {
  return {
    status,
    statusText: STATUS_CODES[status] ?? '',
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    body: `${text}\n`,
  };
}

export function responseFor(decision: Exclude<Decision, { action: 'serve' }>): GateResponse {
  if (decision.action === 'refuse') {
    return plainTextResponse(decision.status, decision.reason, decision.status === 405 ? { Allow: 'GET, HEAD' } : {});
  }
  return {
    status: decision.status,
    statusText: STATUS_CODES[decision.status] ?? '',
    headers: {
      Location: decision.location,
      'Cache-Control': 'no-store',
      ...(decision.action === 'signOut' ? CLEAR_SITE_CACHE : {}),
    },
  };
}
