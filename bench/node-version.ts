/**
 * `npm run bench` drives Lighthouse 13, which supports Node 22.19 and newer (its `engines`); on an
 * older Node it fails partway with errors that do not say why. bench/run.ts asks first and stops
 * with a message that does. `engines` in package.json names the same lowest version.
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

/** Why the bench cannot run on this Node, or null when it can. */
export function benchNodeProblem(version: string): string | null {
  if (meetsMinimum(version, BENCH_MIN_NODE)) return null;
  return (
    `npm run bench needs Node ${BENCH_MIN_NODE} or newer (Lighthouse 13 requires it); this is Node ${version}. ` +
    'Use Node 22 or 24, the supported LTS lines (for example `nvm use 24`).'
  );
}
