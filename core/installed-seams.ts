/**
 * The first import of every dependency seam (core/dependency-seams.ts): before any internal module
 * of a dependency loads, and so before a moved file could fail with a bare "Cannot find module",
 * it stops the process, naming the package, the version found and what to re-check, when an
 * installed package is not the version its seam was written for. A package not installed (the
 * deploy and test tools under `npm ci --omit=dev`) has no seam that runs.
 */
import { assertSeamVersion, DEPENDENCY_SEAMS, installedVersion, NOT_INSTALLED } from './dependency-seams';
import type { SeamedPackage } from './dependency-seams';

for (const name of Object.keys(DEPENDENCY_SEAMS) as SeamedPackage[]) {
  const found = installedVersion(name);
  if (found !== NOT_INSTALLED) assertSeamVersion(name, found);
}
