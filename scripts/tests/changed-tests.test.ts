import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { namesOf, readProjectFile, relatedTests, relativeImports } from '../changed-tests';

const root = mkdtempSync(path.join(tmpdir(), 'changed-tests-'));
after(() => rmSync(root, { recursive: true, force: true }));

const files: Record<string, string> = {
  'core/cookies.ts': 'export const a = 1;\n',
  'core/session.ts': "import { a } from './cookies';\nexport const b = a;\n",
  'core/tests/session.test.ts': "import { b } from '../session';\n",
  'core/tests/other.test.ts': "import assert from 'node:assert';\n",
  'tests/example.test.ts': "readFileSync(path.join(root, '.env.example'));\n",
  'src/components/ScrollableTable/index.tsx': 'export default 1;\n',
  'e2e/tables.spec.ts': "// the ScrollableTable's hint\n",
  'e2e/auth.spec.ts': "import { x } from './fixtures';\n",
  'e2e/fixtures.ts': "import { b } from '../core/session';\n",
  '.env.example': 'HANDBOOK_AUTH=local\n',
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
const read = readProjectFile(root);
const unitTests = ['core/tests/other.test.ts', 'core/tests/session.test.ts', 'tests/example.test.ts'];
const specs = ['e2e/auth.spec.ts', 'e2e/tables.spec.ts'];

test('relative imports resolve to project files, with or without their extension', () => {
  assert.deepEqual(relativeImports(root, 'core/session.ts', files['core/session.ts']), ['core/cookies.ts']);
  assert.deepEqual(relativeImports(root, 'core/tests/other.test.ts', files['core/tests/other.test.ts']), []);
});

test('a changed file relates to the tests that import it, through other files too', () => {
  assert.deepEqual(relatedTests(unitTests, ['core/cookies.ts'], read, root), ['core/tests/session.test.ts']);
  assert.deepEqual(relatedTests(specs, ['core/cookies.ts'], read, root), ['e2e/auth.spec.ts']);
});

test('a changed test is related to itself, and a file nothing reaches to nothing', () => {
  assert.deepEqual(relatedTests(unitTests, ['core/tests/other.test.ts'], read, root), ['core/tests/other.test.ts']);
  assert.deepEqual(relatedTests([...unitTests, ...specs], ['README.md'], read, root), []);
});

test('a test that names a changed file relates to it: a file it reads, a component by its folder', () => {
  assert.deepEqual(relatedTests(unitTests, ['.env.example'], read, root), ['tests/example.test.ts']);
  assert.deepEqual(relatedTests(specs, ['src/components/ScrollableTable/index.tsx'], read, root), [
    'e2e/tables.spec.ts',
  ]);
  assert.deepEqual(namesOf('src/components/ScrollableTable/index.tsx'), [
    'src/components/ScrollableTable/index.tsx',
    'ScrollableTable',
  ]);
});

test('a deleted file is read as empty, not an error', () => {
  assert.deepEqual(relatedTests(['core/tests/gone.test.ts'], ['core/tests/gone.test.ts'], read, root), [
    'core/tests/gone.test.ts',
  ]);
});
