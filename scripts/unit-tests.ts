/**
 * `npm run test:unit`: runs every `*.test.ts` inside a `tests/` folder, wherever it is, so a new
 * folder's tests run without being listed anywhere. Arguments go on to `node --test`; the list
 * is made here, not by a glob, so that no `node_modules` or build output is ever searched.
 *   npm run test:unit -- [--test-name-pattern <pattern>] [--test-timeout <ms>] [--no-experimental-test-coverage]
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/** Installed packages, anywhere, and the generated output at the root: no tests of the project's own. */
const skipped = (folder: string) =>
  path.basename(folder) === 'node_modules' || ['.git', '.docusaurus', 'build', 'build-mfa', 'dist'].includes(folder);

/** The unit test files under `root`, relative to it, `/`-separated and sorted. */
export function findUnitTests(root: string, folder = '', insideTests = false): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !skipped(relative)) {
      found.push(...findUnitTests(root, relative, insideTests || entry.name === 'tests'));
    } else if (entry.isFile() && insideTests && entry.name.endsWith('.test.ts')) {
      found.push(relative);
    }
  }
  return found.sort();
}

/**
 * How long one test file may run. `node --test` has no limit of its own (its `--test-timeout`
 * defaults to Infinity, Node's "Command-line API"), so a test awaiting an event that never comes
 * hung a whole run until CI's 90 minutes (newcomer review 3). With each file in a process of its
 * own, Node 20 and 22 apply the limit to each file as a whole and name the file, not the test, that
 * ran out of time ("test timed out after …ms"): the limit must hold the slowest file on a busy
 * machine. FILE_TIMEOUT_BUDGET
 */
export const FILE_TIMEOUT_MS = 10 * 60_000;

/**
 * How many test files run at once: one per core. Node's default is one fewer than the cores
 * (`--test-concurrency`, Node's "Command-line API"), which is one file at a time on these 2-core
 * machines, and most files spend much of their time waiting on sockets and timers (a flood's fixed
 * seconds, a key host's deadline): one file at a time kept 1.25 cores busy and took 5.6 min quiet,
 * two at a time 3.9 min.
 */
export const FILES_AT_ONCE = availableParallelism();

/**
 * Node's test coverage (`--experimental-test-coverage`, Node's "Test runner: Collecting code
 * coverage"), so a run ends with each file's lines, branches and functions covered and the lines no
 * test reaches. Source maps, so the lines are the TypeScript's; the tests themselves and installed
 * packages left out. No threshold: a share that moves with every test added would fail runs for no
 * fault. It costs about 0.6 s of CPU per test file (1.2 to 1.9 times a small file's own). A caller
 * who wants none gives `--no-experimental-test-coverage`, which, coming after these, wins.
 */
export function coverageOptions(root: string): string[] {
  return [
    '--experimental-test-coverage',
    '--enable-source-maps',
    // Only the project's files: a test's child process (a fixture site's build) is covered too, and
    // its bundles in a temporary folder, gone by the report, made Node fail the run for want of
    // their source maps (ERR_SOURCE_MAP_CORRUPT).
    `--test-coverage-include=${root}/**`,
    '--test-coverage-exclude=**/tests/**',
    '--test-coverage-exclude=**/node_modules/**',
  ];
}

/**
 * The options `node --test` gets: the caller's, and the file timeout, concurrency and coverage of
 * the files under `root` unless they give them.
 */
export function runnerOptions(args: string[], root = process.cwd()): string[] {
  const gives = (option: string) => args.some((arg) => arg === option || arg.startsWith(`${option}=`));
  return [
    ...(gives('--test-timeout') ? [] : [`--test-timeout=${FILE_TIMEOUT_MS}`]),
    ...(gives('--test-concurrency') ? [] : [`--test-concurrency=${FILES_AT_ONCE}`]),
    ...coverageOptions(root),
    ...args,
  ];
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const files = findUnitTests(root);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', ...runnerOptions(process.argv.slice(2), root), ...files],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  process.exit(run.status ?? 1);
}
