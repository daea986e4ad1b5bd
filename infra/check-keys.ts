/**
 * `npm run check-keys`: compares the user pool's signing keys with those the live edge functions
 * carry (key-drift.ts). Exits 1 when the pool signs with a key the edge does not know; schedule it
 * daily (CI) and deploy when it fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EdgeManifest } from '../lambdas/edge/manifest';
import { createAwsCloud } from './aws-cloud';
import { readDeployConfig } from './config';
import { readLive } from './live-record';
import { readEdgePackage } from './edge-package';
import { keyDrift } from './key-drift';

async function main(): Promise<void> {
  const cloud = createAwsCloud(readDeployConfig());
  const site = await cloud.siteOutputs();
  if (!site) throw new Error('The site stack is not deployed.');
  const bucket = cloud.bucket(site.bucketName);
  const live = await readLive(bucket);
  if (!live?.edgePackage)
    throw new Error('The live record names no edge package: deploy once with this version first.');
  const dir = mkdtempSync(path.join(tmpdir(), 'handbook-keys-'));
  try {
    await readEdgePackage(bucket, live.edgePackage, dir);
    const manifest = JSON.parse(
      readFileSync(path.join(dir, 'viewer-request', 'manifest.json'), 'utf8'),
    ) as EdgeManifest;
    const drift = keyDrift(manifest.jwks, await cloud.fetchJwks(manifest.auth.jwksUri));
    if (drift.retiredByPool.length) console.log(`The pool no longer publishes: ${drift.retiredByPool.join(', ')}`);
    if (drift.unknownToEdge.length) {
      console.error(
        `The pool signs with keys the edge does not know: ${drift.unknownToEdge.join(', ')}. Run \`npm run deploy\`.`,
      );
      process.exitCode = 1;
    } else {
      console.log('The edge knows every key the pool publishes.');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
