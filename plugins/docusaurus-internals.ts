/**
 * The one module that copies or replaces Docusaurus internals, each for want of a public API
 * (Docusaurus 3.10 has no option to turn off link prefetch, and neither exports its colour-mode
 * script nor a site config or `useBaseUrl` usable outside its React context); its browser-side
 * partner is src/site-config.ts. Loaded by docusaurus.config.ts and
 * the sign-in page's build, it stops both when `@docusaurus/core` or `@docusaurus/theme-classic` is
 * not the version they were written for (core/dependency-seams.ts); CONTRIBUTING.md, "Dependency
 * seams", says what to re-check.
 */
import '../core/installed-seams';
import path from 'node:path';
import type { PluginConfig } from '@docusaurus/types';
import type * as esbuild from 'esbuild';
import type { HandbookAuthConfig } from '../core/amplify-config';
import { getThemeInlineScript } from '@docusaurus/theme-classic/lib/inlineScripts';

/**
 * No `<link rel=prefetch>` of the handbook's chunks: they are `no-store`, so no browser keeps the
 * prefetched copy (src/navigation/no-link-prefetch.ts). Chrome reuses a prefetch only under normal
 * HTTP cache rules (chromestatus.com/feature/5087526916718592; its old five-minute exception
 * never covered `no-store`).
 */
const DOCUSAURUS_CLIENT = /@docusaurus[\\/]core[\\/]lib[\\/]client$/;
const NO_LINK_PREFETCH = path.resolve(__dirname, '../src/navigation/no-link-prefetch.ts');
export const withoutLinkPrefetch: PluginConfig = () => ({
  name: 'handbook-without-link-prefetch',
  configureWebpack: (_config, _isServer, { currentBundler }) => ({
    plugins: [
      // Docusaurus's client imports it as './prefetch'; the swap happens before resolution, so
      // the replacement goes through the project's own TypeScript loader.
      new currentBundler.instance.NormalModuleReplacementPlugin(
        /^\.\/prefetch$/,
        (resource: { context: string; request: string }) => {
          if (DOCUSAURUS_CLIENT.test(resource.context)) resource.request = NO_LINK_PREFETCH;
        },
      ),
    ],
  }),
});

export interface ColorModeOptions {
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean };
  /** Docusaurus's `storage.namespace`: the colour mode is kept under `theme<namespace>`. */
  storageNamespace: string;
}

/**
 * Sets `<html data-theme>` before the first paint, as Docusaurus's own inline script does: the
 * reader's stored choice (`?docusaurus-theme=`, then local storage), else the configured default.
 * A copy because the sign-in page is not a Docusaurus page; unlike Docusaurus's, it ignores a stored
 * value that is not a mode. Held to Docusaurus's by plugins/sign-in-shell/tests/sign-in-app.test.ts.
 */
export function colorModeScript(options: ColorModeOptions): string {
  const { defaultMode, respectPrefersColorScheme } = options.colorMode;
  const fallback = respectPrefersColorScheme
    ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'`
    : JSON.stringify(defaultMode);
  return `(function(){var t;try{t=new URLSearchParams(location.search).get('docusaurus-theme')||localStorage.getItem(${JSON.stringify(
    `theme${options.storageNamespace}`,
  )})}catch(e){}document.documentElement.setAttribute('data-theme',t==='dark'||t==='light'?t:${fallback})})();`;
}

/** Docusaurus's own colour-mode script (theme-classic), for the test that holds the copy to it. */
export function docusaurusColorModeScript(options: ColorModeOptions): string {
  return getThemeInlineScript({
    colorMode: { ...options.colorMode, disableSwitch: false },
    siteStorage: { type: 'localStorage', namespace: options.storageNamespace },
  });
}

/**
 * The Docusaurus modules the sign-in page imports, which only Docusaurus's bundler answers, for the
 * page's own build (it has no Docusaurus context):
 * - `@generated/docusaurus.config` (read by src/site-config.ts), holding the base URL and the
 *   sign-in settings alone: the page must not carry the rest of the site's configuration;
 * - `@docusaurus/useBaseUrl`: the base URL prefixed to a site-relative path, which is all the
 *   sign-in form asks of it (its logo).
 */
export function signInPageDocusaurusModules(site: { baseUrl: string; auth: HandbookAuthConfig }): esbuild.Plugin {
  const modules: Record<string, string> = {
    '@generated/docusaurus.config': `export default ${JSON.stringify({ baseUrl: site.baseUrl, customFields: { auth: site.auth } })};`,
    '@docusaurus/useBaseUrl': `export default function useBaseUrl(url) {
  return ${JSON.stringify(site.baseUrl)} + url.replace(/^\\//, '');
}`,
  };
  return {
    name: 'sign-in-page-docusaurus-modules',
    setup(build) {
      build.onResolve({ filter: /^(@generated\/docusaurus\.config|@docusaurus\/useBaseUrl)$/ }, (args) => ({
        path: args.path,
        namespace: 'docusaurus-module',
      }));
      build.onLoad({ filter: /.*/, namespace: 'docusaurus-module' }, (args) => ({
        contents: modules[args.path],
        loader: 'js',
      }));
    },
  };
}
