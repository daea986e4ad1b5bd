/**
 * What CloudFront keeps at the edge. The gate runs at viewer-request, before the cache lookup
 * ("Request and response behavior", Lambda@Edge triggers: a viewer-request function runs on every
 * request, cached or not), so a copy kept at the edge still reaches only a session the gate let in.
 * Browsers, meanwhile, still get the origin-response function's `Cache-Control: no-store` for
 * protected files: CloudFront stores and forwards the origin's headers, and with a minimum TTL
 * above 0 it "caches the object for the value of the CloudFront minimum TTL" while "browsers
 * respect the headers" ("Managing how long content stays in the cache (expiration)", the table of
 * origin headers). Every deploy invalidates `/*` once the new files are published
 * (infra/deploy-flow.ts), so these lifetimes bound staleness only if an invalidation fails.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

/** Content-hashed bundles: a new build, a new name, so a copy never goes stale. */
export const HASHED_ASSET_PATHS = ['/assets/*', '/sign-in-assets/*'];
export const HASHED_ASSET_TTL = Duration.days(365);
/** Pages, the search index, images: short, as a page's name outlives its content. */
export const PAGE_TTL = Duration.hours(1);

function cachePolicy(scope: Construct, id: string, ttl: Duration, comment: string): cloudfront.CachePolicy {
  return new cloudfront.CachePolicy(scope, id, {
    comment,
    minTtl: ttl,
    defaultTtl: ttl,
    maxTtl: ttl,
    // Every reader the gate admits gets the same file: no cookie, header or query string in the
    // key, and none forwarded to the bucket.
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    enableAcceptEncodingBrotli: true,
    enableAcceptEncodingGzip: true,
  });
}

export function edgeCachePolicies(scope: Construct) {
  return {
    pages: cachePolicy(scope, 'Files', PAGE_TTL, 'Pages and other files behind the gate: an hour at the edge'),
    hashedAssets: cachePolicy(scope, 'HashedAssets', HASHED_ASSET_TTL, 'Hashed bundles behind the gate: a year'),
  };
}
