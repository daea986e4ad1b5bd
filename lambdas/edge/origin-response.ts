/**
 * The origin-response function: what the bucket answered, made into what a reader gets. It runs for
 * every response from the origin, errors included ("CloudFront triggers for Lambda functions"),
 * and what it returns is what CloudFront caches ("Choosing the event to trigger the function").
 *
 * - A missing key: S3 behind origin access control answers 403 when the distribution may not list
 *   the bucket (S3 GetObject, "Permissions"), 404 otherwise. Either way the reader, already let in
 *   by the viewer-request function, gets the build's not-found page as a real 404 for a page, and
 *   a short 404 for any other file. A viewer-response function could not do this: it may not
 *   change the status (Lambda@Edge restrictions, "HTTP status codes").
 * - A file: the gate's caching rule, the same as the Node server's (gate/headers.ts).
 */
import type { CloudFrontResponseEvent, CloudFrontResultResponse } from 'aws-lambda';
import { cacheControl } from '../../gate/headers';
import { assertDeployable } from '../../gate/local-mode';
import { plainTextResponse } from '../../gate/response';
import { assertEventType, generatedResponse, withHeaders } from './cloudfront';
import type { EdgeManifest } from './manifest';

export function createOriginResponseHandler(manifest: EdgeManifest, notFoundPage: string) {
  assertDeployable(manifest.auth);
  const publicFiles = new Set(manifest.publicFiles);
  const notFound = plainTextResponse(404, 'Not found.');
  const notFoundAsPage = {
    ...notFound,
    headers: { ...notFound.headers, 'Content-Type': 'text/html; charset=utf-8' },
    body: notFoundPage,
  };

  return async (event: CloudFrontResponseEvent): Promise<CloudFrontResultResponse> => {
    const { config, request, response } = event.Records[0].cf;
    assertEventType(config.eventType, 'origin-response');
    // The viewer-request function rewrote the URI to a percent-encoded bucket key.
    const file = decodeURIComponent(request.uri.slice(1));
    const status = Number(response.status);
    if (status === 403 || status === 404) return generatedResponse(file.endsWith('.html') ? notFoundAsPage : notFound);
    if (status >= 400) return { ...response, headers: withHeaders(response.headers, { 'Cache-Control': 'no-store' }) };
    const access = publicFiles.has(file) ? 'public' : 'protected';
    return { ...response, headers: withHeaders(response.headers, { 'Cache-Control': cacheControl(file, access) }) };
  };
}
