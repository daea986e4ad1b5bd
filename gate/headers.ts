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

/** For a file the gate serves; everything it answers itself is `no-store` (response.ts). */
export function cacheControl(file: string, access: Access): string {
  // Nothing protected is ever stored: after sign-out no cache (nor the profile on disk) holds a
  // page, a chunk or the search index, and Back cannot show one.
  if (access === 'protected') return 'no-store';
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
