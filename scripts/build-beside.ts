/**
 * `npm run build` writes beside the build it replaces and swaps the new one in only once it is
 * whole: `docusaurus build` empties its output folder first, so a failing build left `build/`
 * empty under a running `npm run serve` (newcomer review 4: `/sign-in` answered 404 until the next
 * good build). The staging folder sits in the same folder as the output, so the swap is two
 * renames on one file system, not a copy.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** `npm run build`'s arguments, read as `docusaurus build [siteDir] [--out-dir dir] ...` reads them. */
export interface BuildArguments {
  /** The site's folder: the first argument that is not an option, or the current one. */
  siteDir: string;
  /** The output folder, absolute: `--out-dir` (relative to the site, as Docusaurus takes it) or `build`. */
  outDir: string;
  /** The other arguments, for Docusaurus as they came. */
  rest: string[];
}

export function buildArguments(args: string[]): BuildArguments {
  const rest: string[] = [];
  let outDir = 'build';
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--out-dir') {
      const value = args[index + 1];
      if (!value || value.startsWith('-'))
        throw new Error('--out-dir needs a folder: npm run build -- --out-dir <dir>');
      outDir = value;
      index += 1;
    } else if (arg.startsWith('--out-dir=')) {
      outDir = arg.slice('--out-dir='.length);
      if (!outDir) throw new Error('--out-dir needs a folder: npm run build -- --out-dir=<dir>');
    } else {
      rest.push(arg);
    }
  }
  const siteDir = path.resolve(rest.find((arg) => !arg.startsWith('-')) ?? '.');
  return { siteDir, outDir: path.resolve(siteDir, outDir), rest };
}

/** Where the build is made before it replaces `outDir`: beside it, hidden, named after it. */
export function stagingDirOf(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.building`);
}

/** Puts the finished `staging` build in `outDir`'s place, removing the build it replaces. */
export function swapIn(staging: string, outDir: string): void {
  const previous = path.join(path.dirname(outDir), `.${path.basename(outDir)}.previous`);
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(outDir)) renameSync(outDir, previous);
  renameSync(staging, outDir);
  rmSync(previous, { recursive: true, force: true });
}
