import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadEnvFile } from '../env-file';

const root = mkdtempSync(path.join(tmpdir(), 'env-file-'));
const names = ['HANDBOOK_ENV_FILE_TEST_A', 'HANDBOOK_ENV_FILE_TEST_B', 'HANDBOOK_ENV_FILE_TEST_C'];
after(() => {
  rmSync(root, { recursive: true, force: true });
  for (const name of names) delete process.env[name];
});

test('.env sets what the environment does not, and the environment wins', () => {
  writeFileSync(
    path.join(root, '.env'),
    [
      '# Copied from .env.example',
      'HANDBOOK_ENV_FILE_TEST_A=from-file',
      'HANDBOOK_ENV_FILE_TEST_B=from-file',
      '# HANDBOOK_ENV_FILE_TEST_C=commented-out',
      '',
    ].join('\n'),
  );
  process.env.HANDBOOK_ENV_FILE_TEST_B = 'from-environment';
  assert.deepEqual(loadEnvFile(root), ['HANDBOOK_ENV_FILE_TEST_A']);
  assert.equal(process.env.HANDBOOK_ENV_FILE_TEST_A, 'from-file');
  assert.equal(process.env.HANDBOOK_ENV_FILE_TEST_B, 'from-environment');
  assert.equal(process.env.HANDBOOK_ENV_FILE_TEST_C, undefined);
});

test('without a .env nothing is read', () => {
  assert.deepEqual(loadEnvFile(path.join(root, 'no-such-folder')), []);
});
