/**
 * The last step of `npm run build` (scripts/build.ts): brotli and gzip copies of the build's text
 * files for the gate server (see `compression.ts`). Not a Docusaurus `postBuild`: plugins run theirs
 * side by side, and the search index is written by another plugin's. Copies of content compressed
 * by an earlier build come from `node_modules/.cache/handbook-precompress`, so only what changed is
 * compressed.
 *   tsx gate/precompress.ts [build dir]
 */
import path from 'node:path';
import { precompressBuild } from './compression';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Compresses `buildDir` and says what it did, naming the folder as `shownAs` (where it will be served from). */
export async function precompressAndReport(buildDir: string, shownAs = buildDir): Promise<void> {
  const cacheDir = path.resolve('node_modules/.cache/handbook-precompress');
  const { files, bytes, compressed, reused, seconds } = await precompressBuild(path.resolve(buildDir), { cacheDir });
  console.log(
    `Compressed ${files} text files of ${path.relative(process.cwd(), path.resolve(shownAs)) || '.'} in ${seconds.toFixed(1)} s ` +
      `(${reused} unchanged, from the cache): ${kib(bytes)} → brotli ${kib(compressed.br)}, gzip ${kib(compressed.gzip)}`,
  );
}

if (require.main === module) {
  precompressAndReport(process.argv[2] ?? 'build').catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
