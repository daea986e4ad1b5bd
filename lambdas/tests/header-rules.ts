/**
 * The header rules CloudFront validates an edge function's result against; a result that breaks
 * one fails validation and the viewer gets a 502 ("Restrictions on all edge functions", HTTP
 * headers: "Disallowed headers" and "Read-only headers", for Lambda@Edge).
 */
import type { CloudFrontHeaders } from 'aws-lambda';

export type HandledEventType = 'viewer-request' | 'origin-response';

/** Read-only: a function "can read them but can't add, modify, or delete them". */
export const READ_ONLY_HEADERS: Record<HandledEventType, string[]> = {
  'viewer-request': ['content-length', 'host', 'transfer-encoding', 'via'],
  'origin-response': ['transfer-encoding', 'via'],
};

/** Disallowed: not exposed to functions, and a function may not add them. `*` ends a prefix. */
const DISALLOWED_HEADERS = [
  'connection',
  'expect',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'trailer',
  'upgrade',
  'x-accel-buffering',
  'x-accel-charset',
  'x-accel-limit-rate',
  'x-accel-redirect',
  'x-amz-cf-*',
  'x-amzn-*',
  'x-cache',
  'x-edge-*',
  'x-forwarded-proto',
  'x-real-ip',
];

function disallowed(name: string): boolean {
  return DISALLOWED_HEADERS.some((rule) => (rule.endsWith('*') ? name.startsWith(rule.slice(0, -1)) : name === rule));
}

/**
 * What CloudFront would refuse in `result` for an event of `eventType` carrying `eventHeaders`:
 * a disallowed header, or a read-only one added, changed or dropped. A viewer-request function's
 * generated response replaces the request, so it must simply not set a read-only header.
 */
export function headerRuleViolations(
  eventType: HandledEventType,
  eventHeaders: CloudFrontHeaders,
  resultHeaders: CloudFrontHeaders | undefined,
  generated: boolean,
): string[] {
  const problems: string[] = [];
  const headers = resultHeaders ?? {};
  for (const [name, entries] of Object.entries(headers)) {
    if (name !== name.toLowerCase()) problems.push(`header key ${name} is not lower case`);
    if (disallowed(name)) problems.push(`disallowed header ${name}`);
    for (const entry of entries) {
      if (entry.key?.toLowerCase() !== name) problems.push(`header ${name} carries the key ${entry.key}`);
    }
  }
  for (const name of READ_ONLY_HEADERS[eventType]) {
    const before = JSON.stringify(generated ? undefined : eventHeaders[name]);
    const after = JSON.stringify(headers[name]);
    if (before !== after) problems.push(`read-only header ${name}: ${before} became ${after}`);
  }
  return problems;
}
