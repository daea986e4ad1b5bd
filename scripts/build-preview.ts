/**
 * `npm run build:preview -- [N] [out]`: the handbook as the preview of pull request N (default 42),
 * built with the base URL `/previews/<N>/` into `build-preview` (or `out`) by `npm run build`, which
 * compresses it and swaps it in only when whole. Serve it beside production with `npm run serve -- --preview <N>=build-preview`
 * (gate/README.md). The variables of `npm run build` apply (`HANDBOOK_AUTH=local` for a local one).
 */
import '../core/load-env';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isPullRequestNumber, PREVIEW_VARIABLE } from '../core/preview';

const [number = '42', outDir = 'build-preview'] = process.argv.slice(2);
if (!isPullRequestNumber(number)) {
  console.error(`"${number}" is not a pull request number. Usage: npm run build:preview -- [N] [out]`);
  process.exit(2);
}
const env = { ...process.env, [PREVIEW_VARIABLE]: number };
const tsx = path.join(__dirname, '..', 'node_modules', '.bin', 'tsx');
const { status } = spawnSync(tsx, [path.join(__dirname, 'build.ts'), `--out-dir=${outDir}`], { env, stdio: 'inherit' });
if (status !== 0) process.exit(status ?? 1);
console.log(`The preview of pull request ${number} is in ${outDir}/`);
