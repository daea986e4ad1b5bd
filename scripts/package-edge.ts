/**
 * `npm run package:edge [-- <build> <out>]`: bundles the Lambda@Edge gate (lambdas/edge-entry.ts) with the build's
 * manifest into dist/edge/, ready to zip and publish in us-east-1. Refuses a local-mode build.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { listBuildFiles, readManifest } from '../gate/manifest';
import type { EdgeManifest } from '../lambdas/edge-gate';

const buildDir = path.resolve(process.argv[2] ?? 'build');
const outDir = path.resolve(process.argv[3] ?? 'dist/edge');

async function main(): Promise<void> {
  const manifest = readManifest(buildDir);
  if (manifest.auth.mode !== 'cognito') {
    throw new Error(
      `${buildDir} signs in against the local identity service (HANDBOOK_AUTH=local): build it for the real pool first.`,
    );
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(__dirname, '..', 'lambdas', 'edge-entry.ts')],
    outfile: path.join(outDir, 'index.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    legalComments: 'external',
  });
  const packaged: EdgeManifest = { ...manifest, files: listBuildFiles(buildDir) };
  writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(packaged));
  console.log(`Lambda@Edge bundle for pool ${manifest.auth.userPoolId} in ${path.relative(process.cwd(), outDir)}/`);
  console.log('Handlers: index.viewerRequest (viewer request), index.viewerResponse (viewer response)');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
