/**
 * The site's configuration for code that runs outside React (Amplify's setup, a client module),
 * where `useDocusaurusContext` cannot be called. It comes from Docusaurus's generated module
 * `@generated/docusaurus.config`, which `@docusaurus/module-type-aliases` types but Docusaurus does
 * not document: part of the `@docusaurus/core` seam (core/dependency-seams.ts), whose version every
 * bundle of this file checks (plugins/docusaurus-internals.ts). The sign-in page's build answers the
 * import with the sign-in settings alone (`signInPageDocusaurusModules` there).
 */
import siteConfig from '@generated/docusaurus.config';
import type { HandbookAuthConfig } from '@site/core/amplify-config';

/**
 * The sign-in settings docusaurus.config.ts keeps in `customFields.auth` (from
 * core/amplify-config.ts); a build without them cannot sign anyone in, and says so.
 */
export function authConfig(): HandbookAuthConfig {
  const auth = siteConfig.customFields?.auth as HandbookAuthConfig | undefined;
  if (!auth?.amplify)
    throw new Error('The site has no sign-in configuration: customFields.auth (docusaurus.config.ts)');
  return auth;
}

/** The site's `baseUrl`, ending in `/`. */
export function siteBaseUrl(): string {
  return siteConfig.baseUrl;
}
