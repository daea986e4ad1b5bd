/**
 * What the handbook knows of `@docusaurus/theme-mermaid`'s client beyond its options, in one place:
 * the build stops when the installed theme is not the version this was written for
 * (core/dependency-seams.ts).
 */
import '../core/installed-seams';
import type { PluginConfig } from '@docusaurus/types';

/**
 * No ELK layouts for Mermaid: no diagram asks for `layout: elk`, and the engine is a 1.4 MB chunk
 * in every build. `@mermaid-js/layout-elk` is not installed, so the theme turns ELK off, but its
 * client (`lib/client/loadMermaid.js`) still names the package in an import behind that switch,
 * which the bundler must resolve: to nothing.
 */
export const withoutElkLayouts: PluginConfig = () => ({
  name: 'handbook-without-elk-layouts',
  configureWebpack: () => ({ resolve: { alias: { '@mermaid-js/layout-elk': false } } }),
});
