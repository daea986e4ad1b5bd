/**
 * `npm run test:aws` (scripts/test-aws.ts): it runs the sandbox checks only when a sandbox account
 * is configured, says it skipped otherwise, and its checks are never among the unit tests, which
 * must not reach AWS.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { SANDBOX_CONFIG_VARIABLE, sandboxPlan } from '../test-aws';
import { findUnitTests } from '../unit-tests';

const root = path.resolve(__dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'handbook-test-aws-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const withoutSandbox = () => {
  const env = { ...process.env };
  delete env[SANDBOX_CONFIG_VARIABLE];
  return env;
};

test('without a sandbox account it skips, saying why, and exits 0', () => {
  assert.deepEqual(sandboxPlan({}), {
    run: false,
    reason: 'HANDBOOK_SANDBOX_CONFIG is not set: no sandbox account is configured',
  });
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/test-aws.ts')], {
    cwd: root,
    env: withoutSandbox(),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^test:aws skipped: HANDBOOK_SANDBOX_CONFIG is not set/);
});

test('a sandbox config that is named but missing fails rather than skips', () => {
  const missing = path.join(scratch, 'nowhere.json');
  assert.equal(sandboxPlan({ [SANDBOX_CONFIG_VARIABLE]: missing }).run, false);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/test-aws.ts')], {
    cwd: root,
    env: { ...withoutSandbox(), [SANDBOX_CONFIG_VARIABLE]: missing },
    encoding: 'utf8',
  });
  assert.equal(run.status, 1);
  assert.match(run.stdout, /test:aws failed: .*does not exist/);
});

test('with one, it runs every sandbox check file, which the unit tests never include', () => {
  const config = path.join(scratch, 'sandbox.config.json');
  writeFileSync(config, '{}');
  const plan = sandboxPlan({ [SANDBOX_CONFIG_VARIABLE]: config });
  assert.ok(plan.run);
  assert.deepEqual(
    plan.files.map((file) => path.relative(root, file)),
    ['infra/sandbox/adapters.sandbox.ts', 'infra/sandbox/sign-in.sandbox.ts'],
  );
  assert.ok(!findUnitTests(root).some((file) => file.startsWith('infra/sandbox/')));
});
