/**
 * The live record (`deploy-plan.ts`'s LIVE_RECORD_KEY in the bucket): which build readers get, the
 * edge package it runs with, and the build before it, which a rollback reaches.
 */
import type { BucketStore } from './cloud-port';
import { LIVE_RECORD_KEY } from './deploy-plan';
import type { BuildRecord, LiveRecord } from './deploy-plan';
import { EDGE_PACKAGE_PREFIX } from './edge-package';

/** The live record, or null before the first deploy. */
export async function readLive(bucket: BucketStore): Promise<LiveRecord | null> {
  const text = await bucket.read(LIVE_RECORD_KEY);
  return text ? (JSON.parse(text) as LiveRecord) : null;
}

/** The record without its own `previous`: one build back is what a rollback reaches. */
export function withoutPrevious({ previous: _previous, ...build }: LiveRecord): BuildRecord {
  return build;
}

/** The edge packages neither the new live build nor its previous one uses. */
export function unusedEdgePackages(bucketKeys: Iterable<string>, record: LiveRecord): string[] {
  const used = new Set([record.edgePackage, record.previous?.edgePackage]);
  return [...bucketKeys].filter((key) => key.startsWith(EDGE_PACKAGE_PREFIX) && !used.has(key));
}
