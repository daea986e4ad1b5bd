import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { coverageOptions, FILES_AT_ONCE, FILE_TIMEOUT_MS, findUnitTests, runnerOptions } from '../unit-tests';

const root = mkdtempSync(path.join(tmpdir(), 'unit-tests-'));
after(() => rmSync(root, { recursive: true, force: true }));

function touch(file: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), '');
}

test('every *.test.ts in a tests/ folder runs, a new folder’s too, and nothing installed or built', () => {
  for (const file of [
    'tests/config.test.ts',
    'tests/build/broken-links.test.ts',
    'gate/tests/server.test.ts',
    'new-folder/deep/tests/new.test.ts',
    'tests/build/fixture/docs/page.md',
    'gate/tests/fixture-build.ts',
    'e2e/auth.spec.ts',
    'gate/server.test.ts',
    'node_modules/some-package/tests/its.test.ts',
    'src/node_modules/nested/tests/its.test.ts',
    'build/tests/copied.test.ts',
  ]) {
    touch(file);
  }
  assert.deepEqual(findUnitTests(root), [
    'gate/tests/server.test.ts',
    'new-folder/deep/tests/new.test.ts',
    'tests/build/broken-links.test.ts',
    'tests/config.test.ts',
  ]);
});

test('the project’s own list is the test files of every tests/ folder', () => {
  const files = findUnitTests(path.resolve(__dirname, '../..'));
  for (const expected of [
    'scripts/tests/unit-tests.test.ts',
    'tests/build/site-config.test.ts',
    'gate/tests/server.test.ts',
  ]) {
    assert.ok(files.includes(expected), expected);
  }
  assert.ok(files.every((file) => /(^|\/)tests\/.+\.test\.ts$/.test(file) && !file.includes('node_modules')));
});

test('every test file runs under a timeout, one file per core, unless the caller says otherwise', () => {
  const timeout = `--test-timeout=${FILE_TIMEOUT_MS}`;
  const concurrency = `--test-concurrency=${FILES_AT_ONCE}`;
  const coverage = coverageOptions(process.cwd());
  assert.deepEqual(runnerOptions([]), [timeout, concurrency, ...coverage]);
  assert.deepEqual(runnerOptions(['--test-name-pattern', 'gate']), [
    timeout,
    concurrency,
    ...coverage,
    '--test-name-pattern',
    'gate',
  ]);
  assert.deepEqual(runnerOptions(['--test-timeout=5000']), [concurrency, ...coverage, '--test-timeout=5000']);
  assert.deepEqual(runnerOptions(['--test-timeout', '5000']), [concurrency, ...coverage, '--test-timeout', '5000']);
  assert.deepEqual(runnerOptions(['--test-concurrency=1']), [timeout, ...coverage, '--test-concurrency=1']);
});

test('a test that awaits an event that never comes fails once its file’s time is up, naming the file', () => {
  const file = path.join(root, 'hangs/tests/hang.test.ts');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    [
      "import { test } from 'node:test';",
      "test('awaits an event that never comes', async () => {",
      '  setInterval(() => {}, 1_000);',
      '  await new Promise(() => {});',
      '});',
    ].join('\n'),
  );
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', ...runnerOptions(['--test-timeout=2000', '--test-reporter=tap']), file],
    // NODE_TEST_CONTEXT would make the inner runner report to this test's runner instead.
    { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
  );
  assert.notEqual(run.status, 0);
  assert.match(run.stdout, /not ok 1 - .*hang\.test\.ts/);
  assert.match(run.stdout, /test timed out after 2000ms/);
});

test('a run ends with the coverage of the code the tests load, the lines no test reaches by their TypeScript line', () => {
  const project = mkdtempSync(path.join(tmpdir(), 'unit-coverage-'));
  try {
    mkdirSync(path.join(project, 'lib/tests'), { recursive: true });
    writeFileSync(
      path.join(project, 'lib/half.ts'),
      [
        'type Greeting = { to: string };',
        'export function reached({ to }: Greeting): string {',
        '  return `hello ${to}`;',
        '}',
        'export function unreached(): string {',
        "  return 'nobody calls this';",
        '}',
      ].join('\n'),
    );
    writeFileSync(
      path.join(project, 'lib/tests/half.test.ts'),
      [
        "import assert from 'node:assert/strict';",
        "import { test } from 'node:test';",
        "import { reached } from '../half';",
        "test('reached', () => assert.equal(reached({ to: 'you' }), 'hello you'));",
      ].join('\n'),
    );
    const tsx = require.resolve('tsx');
    const run = spawnSync(
      process.execPath,
      ['--import', tsx, '--test', ...runnerOptions(['--test-reporter=tap'], project), 'lib/tests/half.test.ts'],
      { cwd: project, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
    );
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const report = run.stdout.slice(run.stdout.indexOf('start of coverage report'));
    // `unreached` is lines 5-7 of the TypeScript; the test file itself is not reported.
    assert.match(report, /half\.ts\s*\|[^\n]*\|\s*5-7\s*$/m);
    assert.doesNotMatch(report, /half\.test\.ts/);
    const without = spawnSync(
      process.execPath,
      [
        '--import',
        tsx,
        '--test',
        ...runnerOptions(['--test-reporter=tap', '--no-experimental-test-coverage'], project),
        'lib/tests/half.test.ts',
      ],
      { cwd: project, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
    );
    assert.equal(without.status, 0, without.stdout + without.stderr);
    assert.doesNotMatch(without.stdout, /coverage report/);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
