/**
 * The baseline: the handbook's docs as a plain Docusaurus site, as most teams would host it. The
 * site is generated from the project's own `docusaurus.config.ts` (same docs, sidebars, Mermaid,
 * search and Prism settings) with the gate taken out as data, not by patching text.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@docusaurus/types';

/** What the plain site takes from the project as it is; `src/theme` (the gate's wrappers) stays out. */
const SHARED = ['docs', 'sidebars.ts', 'static', 'src/css'];

interface NavbarItem {
  type?: string;
}

/**
 * The project's config without the gate: no inline session script, no sign-in configuration, no
 * account navbar item, none of the project's own plugins (each serves the gate: its manifest, the
 * sign-in page) and none of its client modules (they serve its `src/theme` wrappers).
 */
export function withoutGate(config: Config): Config {
  const themeConfig = config.themeConfig as { navbar?: { items?: NavbarItem[] } };
  return {
    ...config,
    headTags: config.headTags?.filter((tag) => tag.tagName !== 'script'),
    customFields: {},
    plugins: [],
    clientModules: [],
    themeConfig: {
      ...themeConfig,
      navbar: {
        ...themeConfig.navbar,
        items: themeConfig.navbar?.items?.filter((item) => item.type !== 'custom-account'),
      },
    },
  };
}

/**
 * Writes the plain site into `siteDir`, with a `package.json` of its own. Its `node_modules` is a
 * folder of links to the project's packages but `.cache`, so the bundler's cache belongs to the
 * copy and never touches the project's.
 */
export function writePlainSite(projectDir: string, siteDir: string): void {
  for (const entry of SHARED) {
    cpSync(path.join(projectDir, entry), path.join(siteDir, entry), { recursive: true });
  }
  mkdirSync(path.join(siteDir, 'node_modules'));
  for (const name of readdirSync(path.join(projectDir, 'node_modules'))) {
    if (name !== '.cache')
      symlinkSync(path.join(projectDir, 'node_modules', name), path.join(siteDir, 'node_modules', name));
  }
  // The project's browser targets (a new Docusaurus site's own): without them, Docusaurus falls back
  // to browserslist's defaults and builds for older browsers (cascade layers polyfilled, for one).
  const { browserslist } = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as {
    browserslist: unknown;
  };
  writeFileSync(
    path.join(siteDir, 'package.json'),
    JSON.stringify({ name: 'plain-docusaurus', private: true, browserslist }, null, 2),
  );
  const from = (file: string) => JSON.stringify(path.join(projectDir, file));
  writeFileSync(
    path.join(siteDir, 'docusaurus.config.ts'),
    `import project from ${from('docusaurus.config')};\n` +
      `import { withoutGate } from ${from('bench/plain-site')};\n\n` +
      'export default withoutGate(project);\n',
  );
}
