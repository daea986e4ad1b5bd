/**
 * Response headers for each decision, shared by the Node server and the edge handler.
 */
import type { Access } from './decide';
import type { GateManifest } from './manifest';

/**
 * Bundles named by their content, so a new build brings new names: Docusaurus's `assets/` are
 * `<name>.<8 hex>.js|css`, the sign-in page's `sign-in-assets/` (plugins/sign-in-shell/sign-in-app.ts)
 * `<name>.<8 base32>.js|css` (esbuild's `[hash]`: A-Z and 2-7).
 */
const HASHED_ASSET = /^(assets\/.+\.[0-9a-f]{8}|sign-in-assets\/.+\.[A-Z2-7]{8})\.(js|css)$/;

/**
 * The search index's files as `@easyops-cn/docusaurus-search-local` names an index with `hashed:
 * 'filename'`: `search-index[-<part>]-<hash>.json`, the hash (8 hex) taken over every Markdown file
 * of docs/ and the plugin's version, so new content is a new URL. plugins/search-shards names its
 * pages file, shards and page entries so (`-_pages`, `-_t-<key>`, `-_p-<n>`).
 */
const HASHED_SEARCH_INDEX = /^search-index(-[\w-]+)?-[0-9a-f]{8}\.json$/;

/**
 * How long a browser may keep the hashed search index: the longest a session lasts, the refresh
 * token's lifetime (`TOKEN_LIFETIMES` in infra/identity-stack.ts). Sign-out empties it sooner.
 */
export const SEARCH_INDEX_MAX_AGE_SECONDS = 12 * 60 * 60;

/** For a file the gate serves; everything it answers itself is `no-store` (response.ts). */
export function cacheControl(file: string, access: Access): string {
  if (access === 'protected') {
    // The search index is the handbook's heaviest file (MiBs at a thousand pages) and is asked for
    // on every page load that searches: the browser keeps it, and only it, for the session. `private`
    // keeps it out of shared caches: CloudFront stores a `private` response only when the cache
    // policy's minimum TTL is above 0 ("CachePolicyConfig", CloudFormation reference), and the
    // site's is 0 (infra/site-stack.ts). The sign-out route's `Clear-Site-Data: "cache"` removes it.
    // Nothing else protected is ever stored: after sign-out no cache (nor the profile on disk) holds
    // a page or a chunk, and Back cannot show one.
    return HASHED_SEARCH_INDEX.test(file) ? `private, max-age=${SEARCH_INDEX_MAX_AGE_SECONDS}, immutable` : 'no-store';
  }
  return HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'public, no-cache';
}

/**
 * The Content Security Policy: scripts only from the site and Docusaurus's own inline scripts (by
 * hash); styles inline too, because Mermaid draws its diagrams with inline styles and Amplify UI
 * themes through a style element; calls only to the site and the user pool.
 */
export function contentSecurityPolicy(manifest: Pick<GateManifest, 'connectSources' | 'inlineScriptHashes'>): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${manifest.inlineScriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${manifest.connectSources.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The sign-out route's answer: the browser drops its cache of the site and its cookies (the
 * session's included, even where the page could not delete them, and any a sibling subdomain
 * planted: browsers clear the cookies of the whole registrable domain). Not `"storage"`: it holds
 * no session, and the reader's colour mode would go with it.
 */
export const CLEAR_SITE_CACHE = { 'Clear-Site-Data': '"cache", "cookies"' } as const;

/**
 * On every answer. `Cross-Origin-Resource-Policy: same-origin` stops another origin's page from
 * loading any file (a `<script src>`, an image) even where the browser sends it the cookies.
 */
export function securityHeaders(csp: string, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
