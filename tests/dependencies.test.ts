/**
 * `dependencies` is what serving and building need, so `npm ci --omit=dev` can run
 * `npm run build` and `npm run serve`; what only deploys (infra/) is a devDependency.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import * as esbuild from 'esbuild';
import ts from 'typescript';

const projectDir = path.resolve(__dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The packages the modules reachable from `entryPoints` import (not Node's own). */
async function packagesImportedBy(entryPoints: string[]): Promise<Set<string>> {
  const { metafile } = await esbuild.build({
    absWorkingDir: projectDir,
    entryPoints,
    bundle: true,
    platform: 'node',
    // ESM, so a module with top-level await (plugins/mermaid-check/worker.mjs) is read too.
    format: 'esm',
    packages: 'external',
    external: ['*.css'],
    write: false,
    metafile: true,
    outdir: 'unused',
    logLevel: 'silent',
  });
  const packages = Object.values(metafile.inputs)
    .flatMap((input) => input.imports)
    // `<runtime>` is esbuild's own helper module, not a package.
    .filter(
      (imported) => imported.external && !/^(node:|<runtime>)/.test(imported.path) && !imported.path.endsWith('.css'),
    )
    .map((imported) =>
      imported.path
        .split('/')
        .slice(0, imported.path.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return new Set(packages);
}

const serving = ['gate/cli.ts', 'gate/precompress.ts'];
// The Mermaid check's worker is started by path (a worker thread), so no import reaches it.
const building = ['docusaurus.config.ts', 'plugins/mermaid-check/worker.mjs'];
const deploying = ['infra/app.ts', 'infra/deploy.ts', 'infra/destroy.ts', 'infra/offboard-cli.ts', 'infra/synth.ts'];

test('npm run serve and the build need only dependencies, the TypeScript runner included', async () => {
  const runners = ['serve', 'build'].map((script) => manifest.scripts[script].match(/\btsx\b/)?.[0] ?? '');
  assert.deepEqual(runners, ['tsx', 'tsx']);
  assert.ok(manifest.dependencies.tsx, 'tsx is a dependency');
  for (const name of await packagesImportedBy([...serving, ...building])) {
    assert.ok(manifest.dependencies[name], `${name} is a dependency`);
  }
});

test('what only deploying needs (CDK, the AWS SDK clients) is a devDependency', async () => {
  const needed = await packagesImportedBy([...serving, ...building]);
  const deployOnly = [...(await packagesImportedBy(deploying))].filter((name) => !needed.has(name));
  for (const name of ['aws-cdk-lib', '@aws-sdk/client-s3', 'mime-types']) assert.ok(deployOnly.includes(name), name);
  assert.deepEqual(
    deployOnly.filter((name) => manifest.dependencies[name]),
    [],
  );
  for (const name of deployOnly) assert.ok(manifest.devDependencies[name], `${name} is a devDependency`);
});

/*
 * esbuild drops type-only imports, and reads only what the entry points reach: a type reached through
 * another package (`mdast`'s, through Docusaurus) or a test's import went unchecked. TypeScript's own
 * resolution, with the project's tsconfig, names the package each import of every file resolves to.
 */
test('every package a project file imports, a type-only import and a test’s too, is declared', () => {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(projectDir, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => assert.fail(String(diagnostic.messageText)) },
  );
  assert.ok(config);
  const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
  const cache = ts.createModuleResolutionCache(projectDir, (name) => name, config.options);
  const undeclared: string[] = [];
  for (const file of config.fileNames) {
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys, cache).resolvedModule;
      // Docusaurus's aliases (`@theme/…`, `@docusaurus/Link`) are ambient modules: no package resolves.
      const name = resolved?.isExternalLibraryImport ? resolved.packageId?.name : undefined;
      if (name && !declared.has(name))
        undeclared.push(`${path.relative(projectDir, file)} imports ${specifier}: ${name}`);
    }
  }
  assert.ok(config.fileNames.length > 300, `${config.fileNames.length} files read`);
  assert.deepEqual(undeclared, []);
});
