/**
 * The origin-response function: what the bucket answered, made into what a reader gets. It runs for
 * every response from the origin, errors included ("Restrictions on all edge functions", HTTP
 * status codes), and what it returns is what CloudFront caches ("Choosing the event to trigger the
 * function").
 *
 * It always changes the origin's own response and never builds a new one: `Transfer-Encoding` and
 * `Via` are read-only in origin-response events ("Restrictions on all edge functions", HTTP headers:
 * functions "can read them but can't add, modify, or delete them"), and a result that drops them
 * fails CloudFront's validation: the reader gets a 502 (see `readOnlyHeaders` in cloudfront.ts).
 *
 * - A missing key: the distribution may list the bucket (infra/site-stack.ts), so S3 answers 404
 *   (S3 GetObject, "Permissions"), and a 403 stays what it is, an access failure to look into. The
 *   reader, already let in by the viewer-request function, gets the build's not-found page as a
 *   real 404 for a page, and a short 404 for any other file. A viewer-response function could not
 *   do this: it may not change the status ("Restrictions on Lambda@Edge", HTTP status codes).
 * - A file: the gate's caching rule, the same as the Node server's (gate/headers.ts).
 * - A pull request's preview (`previews/<N>/…`, core/preview.ts): the same, judged on the file's
 *   name within the preview, plus `X-Robots-Tag`; a missing file is the preview's short 404, since
 *   the function carries production's not-found page, not the preview's.
 */
import type { CloudFrontHeaders, CloudFrontResponseEvent, CloudFrontResultResponse } from 'aws-lambda';
import { PREVIEW_ROBOTS_HEADER, previewOfKey } from '../../core/preview';
import { cacheControl } from '../../gate/headers';
import { previewNotFound } from '../../gate/preview-route';
import { assertDeployable } from '../../gate/local-mode';
import { plainTextResponse } from '../../gate/response';
import type { GateResponse } from '../../gate/response';
import { assertEventType, withHeaders } from './cloudfront';
import type { EdgeManifest } from './manifest';

/** The origin's response with another status and body; its read-only headers pass untouched. */
function replacedBody(response: CloudFrontResultResponse, replacement: GateResponse): CloudFrontResultResponse {
  // The origin's length and type describe the body being replaced (S3's XML error); CloudFront
  // sets the length of the body a function returns.
  const headers: CloudFrontHeaders = { ...response.headers };
  delete headers['content-length'];
  return {
    ...response,
    status: String(replacement.status),
    statusDescription: replacement.statusText,
    headers: withHeaders(headers, replacement.headers),
    body: replacement.body,
  };
}

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
    const preview = previewOfKey(file);
    if (preview) {
      if (status === 404) {
        const answer = plainTextResponse(404, previewNotFound(preview.pullRequest), PREVIEW_ROBOTS_HEADER);
        return replacedBody(response, answer);
      }
      const cache = status >= 400 ? 'no-store' : cacheControl(preview.file, 'protected');
      return {
        ...response,
        headers: withHeaders(response.headers, { 'Cache-Control': cache, ...PREVIEW_ROBOTS_HEADER }),
      };
    }
    if (status === 404) return replacedBody(response, file.endsWith('.html') ? notFoundAsPage : notFound);
    if (status >= 400) return { ...response, headers: withHeaders(response.headers, { 'Cache-Control': 'no-store' }) };
    const access = publicFiles.has(file) ? 'public' : 'protected';
    return { ...response, headers: withHeaders(response.headers, { 'Cache-Control': cacheControl(file, access) }) };
  };
}
