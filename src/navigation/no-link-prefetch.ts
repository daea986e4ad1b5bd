/**
 * Replaces Docusaurus's `@docusaurus/core/lib/client/prefetch.js` in the handbook's bundle (see
 * `withoutLinkPrefetch` in plugins/docusaurus-internals.ts). Docusaurus prefetches the chunks of every link
 * that scrolls into view with `<link rel=prefetch>`, which saves a later download only through
 * the HTTP cache. Every chunk of the handbook is `Cache-Control: no-store` (gate/headers.ts), and
 * a browser keeps no `no-store` prefetch: each one was downloaded and thrown away, the shared docs
 * chunks once for every link. Loading a route's code on hover or touch (Docusaurus's `preload`)
 * keeps it in memory and is unchanged.
 */
export default function prefetch(): Promise<void> {
  return Promise.resolve();
}
