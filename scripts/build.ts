/**
 * `npm run build -- [--out-dir build] [docusaurus build's options]`: `docusaurus build`, then the
 * gate's compressed copies (`gate/precompress.ts`), made beside the output folder and swapped in
 * only when both succeed, so a failing build leaves the last good one in place
 * (`build-beside.ts`). A failure caused by the pages is reported once per fault, each naming its
 * file, without Docusaurus's stack traces. Progress is shown as it happens; from Docusaurus's first
 * error on, its output is held back, and shown as it came if it holds no fault this report
 * recognises (`build-report.ts`), so nothing is ever lost.
 */
// Docusaurus reads the environment, its own and `.env`'s.
import '../core/load-env';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { precompressAndReport } from '../gate/precompress';
import { buildArguments, stagingDirOf, swapIn } from './build-beside';
import { buildProblems } from './build-report';
import { problemLines } from './docs-problems';

const { siteDir, outDir, rest } = buildArguments(process.argv.slice(2));
const staging = stagingDirOf(outDir);
rmSync(staging, { recursive: true, force: true });
const docusaurus = path.join(__dirname, '../node_modules/@docusaurus/core/bin/docusaurus.mjs');

const child = spawn(process.execPath, [docusaurus, 'build', ...rest, `--out-dir=${staging}`], {
  stdio: ['inherit', 'pipe', 'pipe'],
});
const heldBack: string[] = [];
let failing = false;

for (const [stream, out] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
] as const) {
  createInterface({ input: stream }).on('line', (line) => {
    if (/^\[ERROR\]/.test(line)) failing = true;
    if (failing) heldBack.push(line);
    else out.write(`${line}\n`);
  });
}

/** The build made, compressed and in its place; a failure removes the staging folder and leaves `outDir` as it was. */
async function finish(code: number | null): Promise<number> {
  if (code === 0) {
    try {
      await precompressAndReport(staging, outDir);
      swapIn(staging, outDir);
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
  rmSync(staging, { recursive: true, force: true });
  console.error(`${path.relative(process.cwd(), outDir) || outDir}/ is left as it was.`);
  return code || 1;
}

child.on('close', (code) => {
  const output = heldBack.join('\n');
  const problems = code === 0 ? [] : buildProblems(output, siteDir);
  if (problems.length) {
    console.error(`[ERROR] The build stopped on ${problems.length} fault(s) in the pages:`);
    // Under GitHub Actions each is followed by its annotation, a workflow command read from stdout.
    for (const line of problemLines(problems)) {
      if (line.startsWith('::')) console.log(line);
      else console.error(`  ${line}`);
    }
  } else if (output) {
    console.error(output);
  }
  void finish(code).then((exitCode) => {
    process.exitCode = exitCode;
  });
});
