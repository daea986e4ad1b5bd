/**
 * The gate at CloudFront: Lambda@Edge handlers in front of a private S3 bucket holding the build.
 * `viewer-request` makes the same decision as the Node gate server (gate/decide.ts) on every
 * request, before CloudFront's cache, and rewrites page paths to the bucket's keys; `viewer-response`
 * adds the same caching and security headers. Lambda@Edge has no environment variables: the
 * build's manifest is packaged beside the code (scripts/package-edge.ts).
 */
import { decide, siteOf } from '../gate/decide';
import { cacheControl, contentSecurityPolicy, securityHeaders } from '../gate/headers';
import type { GateManifest } from '../gate/manifest';
import { createSessionChecker } from '../gate/session';
import type { SessionChecker } from '../gate/session';

/** The build's manifest with its file list, as scripts/package-edge.ts packages it. */
export type EdgeManifest = GateManifest & { files: string[] };

type CloudFrontHeaders = Record<string, { key?: string; value: string }[]>;

export interface CloudFrontRequest {
  clientIp: string;
  method: string;
  uri: string;
  querystring: string;
  headers: CloudFrontHeaders;
}

export interface CloudFrontResultResponse {
  status: string;
  statusDescription?: string;
  headers: CloudFrontHeaders;
  body?: string;
}

export interface CloudFrontEvent<Cf> {
  Records: { cf: Cf }[];
}

type ViewerRequestEvent = CloudFrontEvent<{ config: { eventType: 'viewer-request' }; request: CloudFrontRequest }>;
type ViewerResponseEvent = CloudFrontEvent<{
  config: { eventType: 'viewer-response' };
  request: CloudFrontRequest;
  response: CloudFrontResultResponse;
}>;

const STATUS_TEXT: Record<number, string> = {
  302: 'Found',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
};

function header(headers: CloudFrontHeaders, name: string): string | undefined {
  const values = headers[name]?.map((entry) => entry.value);
  return values?.length ? values.join(name === 'cookie' ? '; ' : ', ') : undefined;
}

function withHeaders(headers: CloudFrontHeaders, added: Record<string, string>): CloudFrontHeaders {
  const result = { ...headers };
  for (const [key, value] of Object.entries(added)) result[key.toLowerCase()] = [{ key, value }];
  return result;
}

function assertDeployable(manifest: GateManifest): void {
  if (manifest.auth.mode !== 'cognito') {
    throw new Error('This build signs in against the local identity service (HANDBOOK_AUTH=local): never deploy it.');
  }
}

export function createViewerRequestHandler(manifest: EdgeManifest, sessions?: SessionChecker) {
  assertDeployable(manifest);
  const site = siteOf(manifest, manifest.files);
  const checker = sessions ?? createSessionChecker(manifest.auth);
  const csp = contentSecurityPolicy(manifest);

  return async (event: ViewerRequestEvent): Promise<CloudFrontRequest | CloudFrontResultResponse> => {
    const { request } = event.Records[0].cf;
    const decision = await decide(
      {
        method: request.method,
        path: request.uri,
        query: request.querystring,
        accept: header(request.headers, 'accept'),
        secFetchDest: header(request.headers, 'sec-fetch-dest'),
      },
      site,
      () => checker.readSession(header(request.headers, 'cookie')),
    );
    if (decision.action === 'serve') return { ...request, uri: `/${decision.file}` };
    const answer = {
      'Cache-Control': 'no-store',
      ...securityHeaders(csp, true),
      ...(decision.action === 'redirect'
        ? { Location: decision.location }
        : { 'Content-Type': 'text/plain; charset=utf-8' }),
      ...(decision.action === 'refuse' && decision.status === 405 ? { Allow: 'GET, HEAD' } : {}),
    };
    const { status } = decision;
    return {
      status: String(status),
      statusDescription: STATUS_TEXT[status],
      headers: withHeaders({}, answer),
      ...(decision.action === 'refuse' ? { body: `${decision.reason}\n` } : {}),
    };
  };
}

export function createViewerResponseHandler(manifest: EdgeManifest) {
  assertDeployable(manifest);
  const site = siteOf(manifest, manifest.files);
  const csp = contentSecurityPolicy(manifest);

  return async (event: ViewerResponseEvent): Promise<CloudFrontResultResponse> => {
    const { request, response } = event.Records[0].cf;
    const file = request.uri.slice(1);
    const status = Number(response.status);
    // Only a file from the bucket gets file caching; refusals, redirects and errors are never stored.
    const fromBucket = status < 300 || status === 304;
    const notFoundPage = fromBucket && file === '404.html';
    const served = {
      action: 'serve' as const,
      file,
      status: notFoundPage ? (404 as const) : (200 as const),
      access: site.publicFiles.has(file) ? ('public' as const) : ('protected' as const),
    };
    return {
      ...response,
      ...(notFoundPage ? { status: '404', statusDescription: 'Not Found' } : {}),
      headers: withHeaders(response.headers, {
        'Cache-Control': fromBucket ? cacheControl(served) : 'no-store',
        ...securityHeaders(csp, true),
      }),
    };
  };
}
