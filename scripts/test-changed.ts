/**
 * `npm run test:changed -- [base]`: a developer's inner loop, the unit and browser tests related to
 * the files changed on this branch (committed since it left `base`, default `origin/main` or
 * `main`, uncommitted and new files too; `changed-tests.ts` says what "related" is). Browser tests
 * run on a build: it builds one (`HANDBOOK_AUTH=local npm run build`) when `build/` is missing or
 * older than a changed file, and `build-mfa/` for the second factor's specs. `npm test` stays the
 * whole suite.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readProjectFile, relatedTests } from './changed-tests';
import { findUnitTests, runnerOptions } from './unit-tests';

const root = path.resolve(__dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function branchBase(given: string | undefined): string {
  for (const candidate of given ? [given] : ['origin/main', 'main']) {
    try {
      return git('merge-base', 'HEAD', candidate);
    } catch {
      // Not a branch here: the next candidate.
    }
  }
  throw new Error(`No ${given ?? 'origin/main or main'} to compare with: npm run test:changed -- <base branch>`);
}

/** Runs a command in the project, its output shown; whether it passed. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: root, env, stdio: 'inherit' }).status === 0;
}

const base = branchBase(process.argv[2]);
const changed = [
  ...new Set(
    [
      ...git('diff', '--name-only', base).split('\n'),
      ...git('ls-files', '--others', '--exclude-standard').split('\n'),
    ].filter(Boolean),
  ),
];
const read = readProjectFile(root);
const unit = relatedTests(findUnitTests(root), changed, read, root);
const specs = relatedTests(
  readdirSync(path.join(root, 'e2e'))
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => `e2e/${file}`),
  changed,
  read,
  root,
);
const mfaSpecs = specs.filter((spec) => /password-mfa/.test(spec));
const buildSpecs = specs.filter((spec) => !mfaSpecs.includes(spec) && !/search-dev/.test(spec));
const devSpecs = specs.filter((spec) => read(spec).includes('@dev-server'));

console.log(
  [
    `${changed.length} file(s) changed since ${base.slice(0, 10)}.`,
    `Unit tests: ${unit.length ? unit.join(' ') : 'none related'}`,
    `Browser tests: ${specs.length ? specs.join(' ') : 'none related'}`,
  ].join('\n'),
);

const outcomes: boolean[] = [];
if (unit.length) outcomes.push(run(process.execPath, ['--import', 'tsx', '--test', ...runnerOptions([]), ...unit]));
if (buildSpecs.length) {
  const built = path.join(root, 'build', 'index.html');
  const newest = Math.max(
    0,
    ...changed.map((file) => statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0),
  );
  const fresh = existsSync(built) && statSync(built).mtimeMs > newest;
  const ready = fresh || run('npm', ['run', 'build'], { ...process.env, HANDBOOK_AUTH: 'local' });
  outcomes.push(ready && run('npx', ['playwright', 'test', ...buildSpecs]));
}
if (devSpecs.length) outcomes.push(run('npx', ['playwright', 'test', '-c', 'playwright.dev.config.ts', ...devSpecs]));
if (mfaSpecs.length) {
  outcomes.push(
    run('npm', ['run', 'build:mfa']) &&
      run('npx', ['playwright', 'test', '-c', 'playwright.mfa.config.ts', ...mfaSpecs]),
  );
}
process.exitCode = outcomes.every(Boolean) ? 0 : 1;
