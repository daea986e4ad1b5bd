/**
 * `npm run bench` drives Lighthouse 13, which declares Node 22.19 and newer (its `engines`).
 * `engines` in package.json names the same lowest version. It still runs on Node 20, which the
 * project's own machines have (every bench in bench/README.md so far ran there), so bench/run.ts
 * warns rather than stops: figures from an unsupported Node are the reader's to judge.
 */
export const BENCH_MIN_NODE = '22.19.0';

/** Whether `version` (as in `process.versions.node`) is `minimum` or newer. */
export function meetsMinimum(version: string, minimum: string): boolean {
  const have = version.split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let part = 0; part < need.length; part += 1) {
    if ((have[part] ?? 0) !== need[part]) return (have[part] ?? 0) > need[part];
  }
  return true;
}

/** Why this Node is outside what the bench supports, or null when it is within. */
export function benchNodeProblem(version: string): string | null {
  if (meetsMinimum(version, BENCH_MIN_NODE)) return null;
  return (
    `Warning: npm run bench is supported on Node ${BENCH_MIN_NODE} or newer (Lighthouse 13 declares it); this is Node ${version}. ` +
    'It runs on, but use Node 22 or 24, the supported LTS lines (for example `nvm use 24`), for figures you publish.'
  );
}
