/**
 * The packaged edge functions of each deploy, kept in the bucket (`.gate/`, never served) so a
 * rollback can redeploy the site stack with them on any machine, without rebuilding.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BucketStore } from './cloud-port';

export const EDGE_PACKAGE_PREFIX = '.gate/deploys/edge/';

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
  );
}

/** Stores `edgeDir` as one JSON object named by its content's hash; returns its key. */
export async function storeEdgePackage(bucket: BucketStore, edgeDir: string): Promise<string> {
  const files = Object.fromEntries(
    filesUnder(edgeDir)
      .sort()
      .map((file) => [file.split(path.sep).join('/'), readFileSync(path.join(edgeDir, file)).toString('base64')]),
  );
  const text = JSON.stringify(files);
  const key = `${EDGE_PACKAGE_PREFIX}${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
  if ((await bucket.read(key)) === null) await bucket.write(key, text);
  return key;
}

/** Writes the stored package back into `edgeDir`. */
export async function readEdgePackage(bucket: BucketStore, key: string, edgeDir: string): Promise<void> {
  const text = await bucket.read(key);
  if (text === null) throw new Error(`The bucket has no edge package at ${key}.`);
  rmSync(edgeDir, { recursive: true, force: true });
  for (const [file, content] of Object.entries(JSON.parse(text) as Record<string, string>)) {
    if (file.split('/').includes('..')) throw new Error(`${key} names a file outside its folder: ${file}`);
    mkdirSync(path.dirname(path.join(edgeDir, file)), { recursive: true });
    writeFileSync(path.join(edgeDir, file), Buffer.from(content, 'base64'));
  }
}
