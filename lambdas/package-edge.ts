/**
 * Packages the two Lambda@Edge functions of a real-pool build into `<out>/viewer-request/` and
 * `<out>/origin-response/`, each `index.handler` with what it needs beside it. `npm run deploy`
 * calls it; by hand: `npm run package:edge -- --jwks <file> [--previous <manifest>] [build] [out]`.
 *
 * A deploy switches versions while readers are reading, so the edge trusts the sign-in shell and
 * the inline scripts of both the live build (`previous`) and the new one.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { NOT_FOUND_PAGE, pagesWithDottedRoutes } from '../gate/decide';
import { assertDeployable } from '../gate/local-mode';
import { listBuildFiles, readManifest } from '../gate/manifest';
import type { GateManifest } from '../gate/manifest';
import type { EdgeManifest } from './edge/manifest';

/** The Lambda runtime the functions run on (infra/site-stack.ts) and the bundle's target. */
const EDGE_NODE_TARGET = 'node24';

const EDGE_FUNCTIONS = ['viewer-request', 'origin-response'] as const;

const union = (a: string[], b: string[] = []) => [...new Set([...a, ...b])].sort();

function edgeManifestOf(
  current: GateManifest,
  files: string[],
  jwks: Jwks,
  previous?: GateManifest | null,
  hosts: Pick<EdgeManifest, 'previewHost' | 'siteHost'> = {},
): EdgeManifest {
  assertDeployable(current.auth);
  if (!Array.isArray(jwks?.keys) || jwks.keys.length === 0) throw new Error('The JWKS has no keys.');
  return {
    ...current,
    publicFiles: union(current.publicFiles, previous?.publicFiles),
    inlineScriptHashes: union(current.inlineScriptHashes, previous?.inlineScriptHashes),
    jwks,
    dottedPages: pagesWithDottedRoutes(files),
    ...(hosts.previewHost ? { previewHost: hosts.previewHost } : {}),
    ...(hosts.previewHost && hosts.siteHost ? { siteHost: hosts.siteHost } : {}),
  };
}

interface PackageEdgeInput {
  buildDir: string;
  outDir: string;
  jwks: Jwks;
  previous?: GateManifest | null;
  /** The previews' own host (the deploy config's `previewDomain`); without it no preview is served. */
  previewHost?: string;
  /** Production's host (`siteDomain`), where the previews' host sends production pages. */
  siteHost?: string;
}

/** Bundles both functions; returns the manifest they carry. */
export async function packageEdge({
  buildDir,
  outDir,
  jwks,
  previous,
  previewHost,
  siteHost,
}: PackageEdgeInput): Promise<EdgeManifest> {
  const manifest = edgeManifestOf(readManifest(buildDir), listBuildFiles(buildDir), jwks, previous, {
    previewHost,
    siteHost,
  });
  rmSync(outDir, { recursive: true, force: true });
  for (const name of EDGE_FUNCTIONS) {
    const functionDir = path.join(outDir, name);
    mkdirSync(functionDir, { recursive: true });
    await build({
      entryPoints: [path.join(__dirname, 'edge', `${name}.entry.ts`)],
      outfile: path.join(functionDir, 'index.js'),
      bundle: true,
      platform: 'node',
      target: EDGE_NODE_TARGET,
      format: 'cjs',
      minify: true,
      legalComments: 'none',
      logLevel: 'warning',
    });
    writeFileSync(path.join(functionDir, 'manifest.json'), JSON.stringify(manifest));
  }
  copyFileSync(path.join(buildDir, NOT_FOUND_PAGE), path.join(outDir, 'origin-response', NOT_FOUND_PAGE));
  return manifest;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      jwks: { type: 'string' },
      previous: { type: 'string' },
      'preview-host': { type: 'string' },
      'site-host': { type: 'string' },
    },
  });
  if (!values.jwks) throw new Error('--jwks <file> is required: the user pool JWKS the functions trust.');
  const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
  const outDir = path.resolve(positionals[1] ?? 'dist/edge');
  const manifest = await packageEdge({
    buildDir: path.resolve(positionals[0] ?? 'build'),
    outDir,
    jwks: readJson(values.jwks) as Jwks,
    previous: values.previous ? (readJson(values.previous) as GateManifest) : null,
    previewHost: values['preview-host'],
    siteHost: values['site-host'],
  });
  console.log(`Lambda@Edge functions for pool ${manifest.auth.userPoolId} in ${path.relative(process.cwd(), outDir)}/`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
