import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { findUnitTests } from '../unit-tests';

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
