/**
 * Which tests relate to the files changed on a branch (`npm run test:changed`): a test file
 * relates to a changed file when it is that file, when it imports it (directly or through other
 * files of the project), or when it names it (its path from the root, or its file name: a test
 * reading `.env.example` or a page; for an `index.*` file, its folder's name, as a component is
 * named).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The project files a source file imports with a relative specifier, from the root, `/`-separated. */
export function relativeImports(root: string, file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(?\s*|require\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (match) => match[1],
  );
  const found: string[] = [];
  for (const specifier of specifiers) {
    const base = path.join(path.dirname(file), specifier);
    const candidates = [base, ...['.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'].map((end) => base + end)];
    const hit = candidates.find((candidate) => /\.\w+$/.test(candidate) && existsSync(path.join(root, candidate)));
    if (hit) found.push(hit.split(path.sep).join('/'));
  }
  return found;
}

/** How a changed file may be named in a test's text. */
export function namesOf(changed: string): string[] {
  const parts = changed.split('/');
  const base = parts.at(-1) ?? changed;
  const named = /^index\.\w+$/.test(base) && parts.length > 1 ? parts.at(-2)! : base;
  return [changed, named];
}

/** The tests among `tests` related to `changed`; `read` gives a project file's text (root-relative). */
export function relatedTests(
  tests: string[],
  changed: string[],
  read: (file: string) => string,
  root: string,
): string[] {
  const changedSet = new Set(changed);
  const importsCache = new Map<string, string[]>();
  const importsOf = (file: string) => {
    if (!importsCache.has(file)) importsCache.set(file, relativeImports(root, file, read(file)));
    return importsCache.get(file)!;
  };
  const reachesChange = (test: string): boolean => {
    const seen = new Set<string>();
    const queue = [test];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      if (changedSet.has(file)) return true;
      queue.push(...importsOf(file));
    }
    return false;
  };
  const names = changed.flatMap(namesOf);
  return tests.filter((test) => {
    if (reachesChange(test)) return true;
    const text = read(test);
    return names.some((name) =>
      new RegExp(`(^|[^\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(text),
    );
  });
}

/** Reads a project file, or nothing for one that is gone. */
export function readProjectFile(root: string): (file: string) => string {
  return (file) => {
    const full = path.join(root, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : '';
  };
}
