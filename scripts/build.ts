/**
 * `npm run build`: `docusaurus build`, with a failure caused by the pages reported once per fault,
 * each naming its file, without Docusaurus's stack traces. Progress is shown as it happens; from
 * Docusaurus's first error on, its output is held back, and shown as it came if it holds no fault
 * this report recognises (`build-report.ts`), so nothing is ever lost.
 */
// Docusaurus reads the environment, its own and `.env`'s.
import '../core/load-env';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildProblems } from './build-report';
import { problemLines } from './docs-problems';

const args = process.argv.slice(2);
const docusaurus = path.join(__dirname, '../node_modules/@docusaurus/core/bin/docusaurus.mjs');
const siteArg = args.find((arg) => !arg.startsWith('-'));
const siteDir = siteArg && statSync(siteArg, { throwIfNoEntry: false })?.isDirectory() ? siteArg : '.';

const child = spawn(process.execPath, [docusaurus, 'build', ...args], { stdio: ['inherit', 'pipe', 'pipe'] });
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
  process.exitCode = code ?? 1;
});
