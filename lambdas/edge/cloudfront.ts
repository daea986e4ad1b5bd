/**
 * CloudFront's Lambda@Edge event shapes (`@types/aws-lambda`), and what both edge functions do
 * with them. Header names in events are lower case, each with a list of `{ key, value }`
 * ("Lambda@Edge event structure").
 */
import type { CloudFrontHeaders, CloudFrontResultResponse } from 'aws-lambda';
import type { GateResponse } from '../../gate/response';

/** A header's value; repeated cookie headers join with `; `, others with `, ` (RFC 9110 5.3). */
export function headerValue(headers: CloudFrontHeaders, name: string): string | undefined {
  const values = headers[name]?.map((entry) => entry.value);
  return values?.length ? values.join(name === 'cookie' ? '; ' : ', ') : undefined;
}

export function withHeaders(headers: CloudFrontHeaders, added: Record<string, string>): CloudFrontHeaders {
  const result = { ...headers };
  for (const [key, value] of Object.entries(added)) result[key.toLowerCase()] = [{ key, value }];
  return result;
}

/** A response the function answers with itself, instead of the origin's or the cache's. */
export function generatedResponse(
  response: GateResponse,
  headers: Record<string, string> = {},
): CloudFrontResultResponse {
  return {
    status: String(response.status),
    statusDescription: response.statusText,
    headers: withHeaders({}, { ...headers, ...response.headers }),
    ...(response.body === undefined ? {} : { body: response.body }),
  };
}

/**
 * The bucket key of a build file as a request URI. CloudFront wants the URI percent-encoded
 * (Lambda@Edge restrictions, "URI and query string encoding"): each segment is encoded, the
 * slashes between them are not.
 */
export function uriOf(file: string): string {
  return `/${file.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * An association names an event type and a function version, and the handler is frozen in the
 * version (CloudFront API, LambdaFunctionAssociation): one function per trigger, and a function
 * associated with the wrong trigger fails loudly instead of answering wrongly.
 */
export function assertEventType(actual: string, expected: string): void {
  if (actual !== expected) throw new Error(`This function handles ${expected} events, not ${actual}.`);
}
