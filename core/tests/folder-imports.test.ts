/**
 * No top folder imports one that imports it back, directly or round a longer loop: each folder's
 * place in the layout (CONTRIBUTING.md, "Layout") holds. The directions today, each downward only:
 *   (root: docusaurus and playwright configs) → plugins → src → core
 *   (root) → e2e, bench, tests → testkit → gate → identity → core
 *   infra → lambdas → gate (gate/cli.ts starts the local identity service for a local build)
 *   scripts → plugins, identity; every folder → core, which imports nothing of the project
 * A folder's `tests/` is a folder of its own here (it may import anything that does not import
 * it). An edge is any import of another folder's file, type-only imports included, in every .ts
 * and .tsx file; `@site/x` is the project root's `x`.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(__dirname, '../..');
const ROOT_FOLDER = '(root)';

/** A file's folder for this rule: its top folder, or `<top>/tests` for the tests inside one. */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return ROOT_FOLDER;
  return parts[1] === 'tests' || parts.slice(1, -1).includes('tests') ? `${parts[0]}/tests` : parts[0];
}

/** The project file a specifier names from `file`, or nothing for a package. */
function resolveImport(file: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('@site/')) target = specifier.slice('@site/'.length);
  else if (specifier.startsWith('.'))
    target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  else return undefined;
  return target;
}

/** The module specifiers of a file's import and export statements and dynamic imports. */
function specifiersOf(source: string): string[] {
  const statements = /^\s*(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
  const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...source.matchAll(statements), ...source.matchAll(dynamic)].map((match) => match[1] ?? match[2]);
}

/** Folder → the folders it imports, each edge with one importing file as its evidence. */
export function folderImports(files: string[], read: (file: string) => string): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of files) {
    for (const specifier of specifiersOf(read(file))) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${file} → ${specifier}`);
      edges.set(from, out);
    }
  }
  return edges;
}

/** The groups of folders that reach each other (Tarjan's strongly connected components), with the imports inside each. */
export function folderCycles(edges: Map<string, Map<string, string>>): string[][] {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = member === node ? undefined : stack.pop()) {
        group.push(member);
      }
      if (group.length > 1) groups.push(group);
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) =>
    group
      .flatMap((from) =>
        [...(edges.get(from) ?? [])].filter(([to]) => group.includes(to)).map(([, evidence]) => evidence),
      )
      .sort(),
  );
}

const sourceFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && existsSync(path.join(root, file)));

test('no top folder imports one that imports it back', () => {
  const edges = folderImports(sourceFiles(), (file) => readFileSync(path.join(root, file), 'utf8'));
  assert.deepEqual(folderCycles(edges), []);
});

test('a loop between folders is found, with the imports that make it', () => {
  const sources: Record<string, string> = {
    'gate/cli.ts': "import { start } from '../identity/launch';",
    'identity/testing.ts': "import type {\n  GateAuth,\n} from '../gate/manifest';",
    'amplify-config.ts': "import { z } from './src/auth/loopback';\nconst s = \"import x from '../bench/y';\";",
    'src/auth/amplify.ts': "const config = await import('@site/amplify-config');",
    'src/auth/tests/amplify.test.ts': "import { a } from '../amplify';",
    'bench/y.ts': "import { b } from '../src/auth/tests/amplify.test';",
  };
  assert.deepEqual(folderCycles(folderImports(Object.keys(sources), (file) => sources[file])), [
    ['amplify-config.ts → ./src/auth/loopback', 'src/auth/amplify.ts → @site/amplify-config'],
    ['gate/cli.ts → ../identity/launch', 'identity/testing.ts → ../gate/manifest'],
  ]);
});
