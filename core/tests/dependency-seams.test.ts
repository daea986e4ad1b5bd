import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  assertSeamVersion,
  DEPENDENCY_SEAMS,
  DependencySeamError,
  installedVersion,
  seamMismatch,
} from '../dependency-seams';
import type { SeamedPackage } from '../dependency-seams';

const root = path.resolve(__dirname, '../..');
const seams = Object.keys(DEPENDENCY_SEAMS) as SeamedPackage[];

/** The package a bare specifier names: `@scope/name` or `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * A module name a bundler rule targets that is the project's own: Docusaurus's `@site/` alias for
 * the site's folder, or a `virtual:` module no file holds. Not a relative path: a rule matches it in
 * every importer, a dependency's internals included.
 */
const projectOwn = (name: string) => /^(@site\/|virtual:)/.test(name);

/** The module name a resolver filter such as `/^qrcode$/` matches, without its regex syntax. */
const filterTarget = (filter: string) =>
  filter
    .replace(/^\/\^?/, '')
    .replace(/\$?\/[a-z]*$/, '')
    .replace(/\\(.)/g, '$1');

/**
 * What a source file reaches inside packages: module specifiers below a package's `lib/` or `dist/`
 * (in `import`, `export … from`, `import()`, `require`, `require.resolve` and `declare module`, which
 * states the shape of a module the package does not type), regular expressions that match such paths
 * (a module swapped or patched by its path), Docusaurus's generated modules (`@generated/…`, named
 * anywhere: imported, declared or stubbed), and bundler rules that replace a module: aliases, esbuild
 * `onResolve` filters and webpack module replacements, unless they target the project's own modules.
 * A filter that is not a literal cannot be read here, so it counts as a reach.
 */
export function internalReaches(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/\b(?:from|import|require|require\.resolve|declare\s+module)\s*\(?\s*['"]([^'"./][^'"]*)['"]/g),
  ].map((match) => match[1]);
  const deep = specifiers.filter((specifier) => /^(lib|dist)\//.test(specifier.slice(packageOf(specifier).length + 1)));
  const pathPatterns = [...source.matchAll(/\[\\\\\/\](lib|dist)\[\\\\\/\]/g)].map((match) => match[0]);
  const generated = [...source.matchAll(/['"`](@generated\/[^'"`]+)['"`]/g)].map((match) => match[1]);
  const aliases = [...source.matchAll(/\balias\s*:\s*\{([^}]*)\}/g)].flatMap(([, entries]) =>
    [...entries.matchAll(/['"]([^'"]+)['"]\s*:/g)]
      .map((match) => match[1])
      .filter((name) => !projectOwn(name))
      .map((name) => `alias ${name}`),
  );
  const resolverFilters = [
    ...source.matchAll(/\b(onResolve\s*\(\s*\{\s*filter\s*:|NormalModuleReplacementPlugin\s*\()\s*([^,}\n]+)/g),
  ]
    .map(([, rule, filter]) => ({
      rule: rule.startsWith('onResolve') ? 'onResolve' : 'module replacement',
      filter: filter.trim(),
    }))
    .filter(({ filter }) => !(filter.startsWith('/') && projectOwn(filterTarget(filter))))
    .map(({ rule, filter }) => `${rule} ${filter}`);
  return [...deep, ...pathPatterns, ...generated, ...aliases, ...resolverFilters];
}

/** The project's source files, tracked or new, outside node_modules. */
function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(file) && !file.includes('node_modules/'));
}

test('every reach into a dependency’s internals is in a seam listed in core/dependency-seams.ts', () => {
  const seamFiles = new Set<string>(seams.flatMap((name) => DEPENDENCY_SEAMS[name].files));
  const outside = sourceFiles()
    .filter((file) => !file.startsWith('core/tests/'))
    .flatMap((file) =>
      internalReaches(readFileSync(path.join(root, file), 'utf8'))
        .filter(() => !seamFiles.has(file))
        .map((reach) => `${file}: ${reach}`),
    );
  assert.deepEqual(outside, [], 'add the file to a seam, or reach the package through its seam');
  for (const file of seamFiles) {
    assert.ok(
      internalReaches(readFileSync(path.join(root, file), 'utf8')).length > 0,
      `${file} is a seam that reaches nothing`,
    );
  }
});

test('the scan sees deep imports, deep requires, path patterns and aliases, and not public subpaths', () => {
  assert.deepEqual(internalReaches("import { Targets } from 'cognito-local/lib/targets/targets';"), [
    'cognito-local/lib/targets/targets',
  ]);
  assert.deepEqual(internalReaches("require.resolve('cognito-local/lib/keys/x.json')"), [
    'cognito-local/lib/keys/x.json',
  ]);
  assert.deepEqual(internalReaches("export { a } from '@scope/pkg/dist/client/a';"), ['@scope/pkg/dist/client/a']);
  assert.deepEqual(internalReaches("declare module '@scope/pkg/dist/client/a' {\n  export const a: string;\n}"), [
    '@scope/pkg/dist/client/a',
  ]);
  assert.deepEqual(internalReaches("({ resolve: { alias: { '@mermaid-js/layout-elk': false } } })"), [
    'alias @mermaid-js/layout-elk',
  ]);
  assert.equal(internalReaches(String.raw`const A = /@aws-amplify[\\/]ui[\\/]dist[\\/]esm$/;`).length, 1);
  assert.deepEqual(
    internalReaches(
      "import '@aws-amplify/ui-react/styles/base.layer.css'; import x from './lib/y'; import 'aws-jwt-verify/jwk';",
    ),
    [],
  );
});

test('the scan sees Docusaurus’s generated modules wherever they are named, and bundler rules that replace a module', () => {
  assert.deepEqual(internalReaches("import siteConfig from '@generated/docusaurus.config';"), [
    '@generated/docusaurus.config',
  ]);
  assert.deepEqual(internalReaches("declare module '@generated/routes' {}"), ['@generated/routes']);
  assert.deepEqual(internalReaches("const stubs = { '@generated/docusaurus.config': 'export default {}' };"), [
    '@generated/docusaurus.config',
  ]);
  assert.deepEqual(internalReaches("build.onResolve({ filter: /^qrcode$/ }, () => ({ path: 'qrcode' }));"), [
    'onResolve /^qrcode$/',
  ]);
  assert.deepEqual(internalReaches('build.onResolve({ filter: ids }, resolve);'), ['onResolve ids']);
  assert.deepEqual(internalReaches(String.raw`new webpack.NormalModuleReplacementPlugin(/^\.\/prefetch$/, swap)`), [
    String.raw`module replacement /^\.\/prefetch$/`,
  ]);
  assert.deepEqual(
    internalReaches(
      String.raw`build.onResolve({ filter: /^@site\// }, go); build.onResolve({ filter: /^virtual:theme\.css$/ }, go); ({ alias: { '@site/x': 'y' } })`,
    ),
    [],
    'the project’s own modules: the @site/ alias and virtual: modules',
  );
});

test('CONTRIBUTING.md lists every seam with its version and files', () => {
  const contributing = readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');
  const section = contributing.split('## Dependency seams')[1]?.split('\n## ')[0] ?? '';
  for (const name of seams) {
    const seam = DEPENDENCY_SEAMS[name];
    const row = section.split('\n').find((line) => line.startsWith(`| \`${seam.package}\``)) ?? '';
    assert.ok(row.includes(seam.writtenFor), `${seam.package}: a row with ${seam.writtenFor}`);
    for (const file of seam.files) assert.ok(row.includes(file), `${seam.package}: the row names ${file}`);
  }
});

test('each seam accepts the version it was written for, which is the one installed', () => {
  for (const name of seams) {
    assert.equal(installedVersion(name), DEPENDENCY_SEAMS[name].writtenFor, name);
    assert.equal(seamMismatch(name, DEPENDENCY_SEAMS[name].writtenFor), undefined);
    assert.doesNotThrow(() => assertSeamVersion(name));
  }
});

test('on another version each seam stops with the package, both versions, what to re-check and the recipe', () => {
  for (const name of seams) {
    const seam = DEPENDENCY_SEAMS[name];
    const found = '99.0.0';
    assert.throws(
      () => assertSeamVersion(name, found),
      (error: unknown) => {
        assert.ok(error instanceof DependencySeamError);
        assert.ok(error.message.includes(`${seam.package} ${found} is installed`), error.message);
        assert.ok(error.message.includes(`as of ${seam.package} ${seam.writtenFor}`), error.message);
        for (const file of seam.files) assert.ok(error.message.includes(file), error.message);
        assert.ok(error.message.includes(seam.recheck), error.message);
        assert.ok(error.message.includes(`Recipe: ${seam.recipe}`), error.message);
        return true;
      },
    );
  }
});

test('a seam stops the process that loads it on another version, before any internal module loads', () => {
  // A copy of core/ beside a node_modules that holds cognito-local at another version and none of
  // its internals: the check must speak before the missing module does.
  const scratch = mkdtempSync(path.join(tmpdir(), 'dependency-seam-'));
  try {
    cpSync(path.join(root, 'core'), path.join(scratch, 'core'), { recursive: true });
    mkdirSync(path.join(scratch, 'node_modules/cognito-local'), { recursive: true });
    writeFileSync(path.join(scratch, 'node_modules/cognito-local/package.json'), '{"version":"5.4.0"}');
    symlinkSync(path.join(root, 'node_modules/tsx'), path.join(scratch, 'node_modules/tsx'));
    writeFileSync(
      path.join(scratch, 'seam.ts'),
      "import './core/installed-seams';\nimport 'cognito-local/lib/targets/targets';\n",
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'seam.ts'], { cwd: scratch, encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /DependencySeamError: cognito-local 5\.4\.0 is installed, but identity\/cognito-local\.ts reaches into its internals as of cognito-local 5\.3\.0/,
    );
    assert.doesNotMatch(run.stderr, /Cannot find module/);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
