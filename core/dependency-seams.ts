/**
 * Every place the project reaches into a dependency's internals (a module path under `lib/` or
 * `dist/`, a copied script, a patched module) goes through one seam per dependency, listed here
 * and in CONTRIBUTING.md ("Dependency seams"). Each seam was written against one version; on any
 * other, its check (./installed-seams.ts, each seam's first import) stops whatever loaded it (the
 * build, `npm start`, the identity service, the tests) with what to re-check, instead of a failure
 * somewhere inside the dependency.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface DependencySeam {
  /** The npm package whose internals the seam touches. */
  package: string;
  /** The installed version the seam was written and tested against. */
  writtenFor: string;
  /** The project's files that may import the package's internal paths. */
  files: string[];
  /** What the seam touches, and what to re-check on an upgrade. */
  recheck: string;
  /** Where the upgrade recipe is. */
  recipe: string;
}

export const DEPENDENCY_SEAMS = {
  'cognito-local': {
    package: 'cognito-local',
    writtenFor: '5.3.0',
    files: ['identity/cognito-local.ts'],
    recheck:
      'the 18 lib/ modules identity/cognito-local.ts re-exports, its operation table (Targets), the key modules in lib/keys/ and its private copy of jsonwebtoken',
    recipe: 'identity/README.md, "Upgrading cognito-local"',
  },
  '@docusaurus/core': {
    package: '@docusaurus/core',
    writtenFor: '3.10.2',
    files: [
      'plugins/docusaurus-internals.ts',
      'src/site-config.ts',
      'src/components/TwoStepSignIn/panel.tsx',
      'src/components/TwoStepSignIn/styles-data.d.ts',
    ],
    recheck:
      "the client's ./prefetch module (replaced by src/navigation/no-link-prefetch.ts), the generated @generated/docusaurus.config (read by src/site-config.ts) and useBaseUrl (both stubbed for the sign-in page), and where createData writes a plugin's data (@generated/<plugin name>/<plugin id>/<file>, which the Two-step sign-in dialog imports its styles from)",
    recipe: 'CONTRIBUTING.md, "Dependency seams"',
  },
  '@docusaurus/theme-classic': {
    package: '@docusaurus/theme-classic',
    writtenFor: '3.10.2',
    files: ['plugins/docusaurus-internals.ts'],
    recheck:
      'lib/inlineScripts (its colour-mode script and the theme<namespace> storage key, copied for the sign-in page)',
    recipe: 'CONTRIBUTING.md, "Dependency seams"',
  },
  '@docusaurus/theme-mermaid': {
    package: '@docusaurus/theme-mermaid',
    writtenFor: '3.10.2',
    files: ['plugins/theme-mermaid-internals.ts'],
    recheck:
      'lib/client/loadMermaid.js, whose import of @mermaid-js/layout-elk (behind a switch that is off) is aliased to nothing',
    recipe: 'CONTRIBUTING.md, "Dependency seams"',
  },
  '@aws-amplify/ui': {
    package: '@aws-amplify/ui',
    writtenFor: '6.15.6',
    files: ['plugins/sign-in-shell/amplify-ui-internals.ts'],
    recheck: 'dist/esm/i18n/dictionaries/index.mjs, whose 21 language copies the sign-in page marks pure',
    recipe: 'CONTRIBUTING.md, "Dependency seams"',
  },
  '@aws-amplify/ui-react': {
    package: '@aws-amplify/ui-react',
    writtenFor: '6.15.6',
    files: ['plugins/sign-in-shell/amplify-ui-internals.ts'],
    recheck:
      "that qrcode's one importer is the Authenticator's TOTP setup (components/Authenticator/SetupTotp), through QRCode.toDataURL: the sign-in page replaces qrcode while MFA is off",
    recipe: 'CONTRIBUTING.md, "Dependency seams"',
  },
  '@easyops-cn/docusaurus-search-local': {
    package: '@easyops-cn/docusaurus-search-local',
    writtenFor: '0.55.3',
    files: [
      'plugins/search-shards/index.ts',
      'plugins/search-shards/search-local.d.ts',
      'src/search/search-local-internals.ts',
      'src/search/search-local-client.d.ts',
    ],
    recheck:
      "the server plugin (dist/server/server/index.js) that plugins/search-shards wraps, its whole-handbook index's five parts of documents that plugins/search-shards/build-shards.ts reads, the SearchBar and SearchPage modules it swaps (../searchByWorker, ./EmptyTemplate), what src/search/search-local-internals.ts re-exports (searchIndexUrl, EmptyTemplate), the suggestions' CSS-module class names matched by their start in src/css/custom.css and src/search/list-roles.ts (dropdownMenu_, suggestions_, dataset_, hitTitle_, hitPath_), the shapes the two .d.ts files declare for them, and the search page's markup (#context-selector in a .container) that labelSearchPage labels",
    recipe: 'CONTRIBUTING.md, "Dependency seams"',
  },
} as const satisfies Record<string, DependencySeam>;

export type SeamedPackage = keyof typeof DEPENDENCY_SEAMS;

export const NOT_INSTALLED = 'not installed';

/** The version of `name` installed where Node would resolve it from `fromDir`. */
export function installedVersion(name: string, fromDir = __dirname): string {
  // Read from the folder, not through `require`: a package with an `exports` map hides package.json.
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (path.dirname(dir) === dir) return NOT_INSTALLED;
  }
}

export class DependencySeamError extends Error {
  override name = 'DependencySeamError';
}

/** Why the seam of `name` cannot be trusted with `found`, or nothing when it is the version it was written for. */
export function seamMismatch(name: SeamedPackage, found: string): string | undefined {
  const seam: DependencySeam = DEPENDENCY_SEAMS[name];
  if (found === seam.writtenFor) return undefined;
  return [
    `${seam.package} ${found} is installed, but ${seam.files.join(' and ')} reach${seam.files.length > 1 ? '' : 'es'} into its internals as of ${seam.package} ${seam.writtenFor}.`,
    `Re-check ${seam.recheck}; then set writtenFor in core/dependency-seams.ts and the table in CONTRIBUTING.md.`,
    `Recipe: ${seam.recipe}. Or go back: npm install ${seam.package}@${seam.writtenFor}.`,
  ].join('\n');
}

/** Stops the caller when the installed version is not the one the seam was written for. */
export function assertSeamVersion(name: SeamedPackage, found = installedVersion(name)): void {
  const mismatch = seamMismatch(name, found);
  if (mismatch) throw new DependencySeamError(mismatch);
}
