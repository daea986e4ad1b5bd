/**
 * `npm run build:preview -- [N] [out]`: the handbook as the preview of pull request N (default 42),
 * built with the base URL `/previews/<N>/` into `build-preview` (or `out`) by `npm run build`, which
 * compresses it and swaps it in only when whole, and ends with the exact line that serves it beside
 * production on the previews' own origin (gate/README.md). The variables of `npm run build` apply
 * (`HANDBOOK_AUTH=local` for a local one); `HANDBOOK_PREVIEW_BUILD_ENV`, a JSON object of them
 * (`npm run preview -- build-env` prints production's), is how preview-build.yml passes them.
 */
import '../core/load-env';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isPullRequestNumber, PREVIEW_VARIABLE } from '../core/preview';
import { BUILD_ENV_VARIABLE, buildVariablesFrom, serveLineFor } from './preview-build-env';

function main(): void {
  const [number = '42', outDir = 'build-preview'] = process.argv.slice(2);
  if (!isPullRequestNumber(number)) {
    throw new Error(`"${number}" is not a pull request number. Usage: npm run build:preview -- [N] [out]`);
  }
  const env: NodeJS.ProcessEnv = {
    ...buildVariablesFrom(process.env[BUILD_ENV_VARIABLE]),
    ...process.env,
    [PREVIEW_VARIABLE]: number,
  };
  delete env[BUILD_ENV_VARIABLE];
  const tsx = path.join(__dirname, '..', 'node_modules', '.bin', 'tsx');
  const { status } = spawnSync(tsx, [path.join(__dirname, 'build.ts'), `--out-dir=${outDir}`], {
    env,
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
  console.log(`The preview of pull request ${number} is in ${outDir}/. Serve it beside build/ with:`);
  console.log(`  ${serveLineFor(Number(number), outDir)}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
