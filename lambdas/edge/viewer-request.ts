/**
 * The viewer-request function: the gate's decision (gate/decide.ts) on every request, before
 * CloudFront's cache, so a cached file still reaches only a valid session. It serves by rewriting
 * the URI to the bucket key, or answers itself (a redirect to sign in, or a refusal).
 */
import type { CloudFrontRequestEvent, CloudFrontRequestResult } from 'aws-lambda';
import { accessLogLine } from '../../gate/access-log';
import { decide, siteByLayout, wantsPage } from '../../gate/decide';
import { contentSecurityPolicy, securityHeaders } from '../../gate/headers';
import { siteForOrigin } from '../../gate/preview-route';
import type { Origin } from '../../gate/preview-route';
import { assertDeployable } from '../../gate/local-mode';
import { responseFor } from '../../gate/response';
import { createSessionChecker } from '../../gate/session';
import type { VerifiedSession, SessionChecker } from '../../gate/session';
import { assertEventType, generatedResponse, headerValue, uriOf } from './cloudfront';
import type { EdgeManifest } from './manifest';

/**
 * The edge's JWKS download deadline. A replica far from the pool's region pays several round trips
 * (DNS, TCP, TLS, the answer: about 3 RTTs of 150-250 ms between continents) on a 128 MB function's
 * small CPU share; 750 ms refused a host answering in 600 ms (review aws-edge-3, W3). 2 s covers
 * that and stays far under the 5 s viewer-request timeout (CloudFront quotas, "Lambda@Edge").
 */
export const EDGE_JWKS_DEADLINE_MS = 2_000;

export function createViewerRequestHandler(
  manifest: EdgeManifest,
  options: { sessions?: SessionChecker; log?: (line: string) => void; warn?: (line: string) => void } = {},
) {
  assertDeployable(manifest.auth);
  const site = siteByLayout(manifest);
  const sites = {
    production: siteForOrigin(site, 'production'),
    previews: siteForOrigin(site, 'previews', manifest.siteHost ? `https://${manifest.siteHost}` : undefined),
  };
  // Both distributions run this one version; CloudFront routes a request to the distribution whose
  // alternate domain name is its Host ("Using custom URLs by adding alternate domain names"), so the
  // Host says which origin the browser is on.
  const originOf = (host: string | undefined): Origin =>
    manifest.previewHost !== undefined && host?.toLowerCase() === manifest.previewHost ? 'previews' : 'production';
  // Lambda@Edge writes a function's console output to CloudWatch Logs in the region that ran it, in
  // Lambda's text format: `time⇥request id⇥INFO⇥line` for console.log, `…⇥WARN⇥…` for console.warn
  // (core/lambda-log-line.ts reads it back; infra/key-drift-alarm.ts matches the warning).
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const sessions =
    options.sessions ??
    createSessionChecker(manifest.auth, {
      jwks: manifest.jwks,
      jwksDeadlineMs: EDGE_JWKS_DEADLINE_MS,
      // Once per container: the operator's cue to redeploy, which ships the live keys.
      // `event` first: the key-drift metric filter anchors on it right after the prefix.
      onKeysChanged: (change) =>
        warn(JSON.stringify({ event: 'jwks-changed', time: new Date().toISOString(), ...change })),
    });
  const security = securityHeaders(contentSecurityPolicy(manifest), true);

  return async (event: CloudFrontRequestEvent): Promise<CloudFrontRequestResult> => {
    const { config, request } = event.Records[0].cf;
    assertEventType(config.eventType, 'viewer-request');
    const headers = request.headers;
    const gateRequest = {
      method: request.method,
      path: request.uri,
      query: request.querystring,
      accept: headerValue(headers, 'accept'),
      secFetchDest: headerValue(headers, 'sec-fetch-dest'),
      secFetchSite: headerValue(headers, 'sec-fetch-site'),
    };
    let session: VerifiedSession | null = null;
    const decision = await decide(gateRequest, sites[originOf(headerValue(headers, 'host'))], async () => {
      session = await sessions.readSession(headerValue(headers, 'cookie'));
      return session;
    });
    if (wantsPage(gateRequest)) {
      log(
        accessLogLine({
          time: new Date(),
          path: gateRequest.path,
          decision: decision.action,
          status: decision.status,
          session,
        }),
      );
    }
    if (decision.action === 'serve') return { ...request, uri: uriOf(decision.file) };
    // A redirect (to sign in, to a clean URL), the sign-out route's cache clearing, or a refusal.
    // Viewer-response functions never run for these ("CloudFront triggers for Lambda functions"),
    // so it carries every header itself; it stays far below the 40 KB a viewer-request function
    // may generate (CloudFront quotas, Lambda@Edge).
    return generatedResponse(responseFor(decision), security);
  };
}
