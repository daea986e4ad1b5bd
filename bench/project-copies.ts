/**
 * Temp copies of the project: the product as it is, the same with the webpack pipeline instead of
 * Docusaurus Faster, and a baseline without the sign-in gate. Each copy's config is patched by
 * plain text replacement that fails loudly when the expected text is gone, so a changed
 * `docusaurus.config.ts` stops the bench instead of silently measuring something else.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup';

const NOT_COPIED = new Set([
  'node_modules',
  'build',
  '.docusaurus',
  'test-results',
  'playwright-report',
  '.git',
  'dist',
]);
const CONFIG_FILE = 'docusaurus.config.ts';

export class PatchError extends Error {}

/**
 * node_modules as a folder of links to the project's packages, not one link: the bundlers keep
 * their persistent caches in `node_modules/.cache`, which must belong to the copy, so builds start
 * cold and never touch the project's own cache.
 */
function linkNodeModules(projectDir: string, copyDir: string): void {
  const source = path.join(projectDir, 'node_modules');
  const target = path.join(copyDir, 'node_modules');
  mkdirSync(target);
  for (const name of readdirSync(source)) {
    if (name === '.cache') continue;
    symlinkSync(path.join(source, name), path.join(target, name));
  }
}

/** A copy of the project in a fresh temp folder, removed when the bench ends. */
export function copyProject(projectDir: string, label: string): string {
  const copyDir = mkdtempSync(path.join(tmpdir(), `handbook-bench-${label}-`));
  onCleanup(`copy ${label}`, () => rmSync(copyDir, { recursive: true, force: true }));
  cpSync(projectDir, copyDir, {
    recursive: true,
    filter: (source) => path.dirname(source) !== projectDir || !NOT_COPIED.has(path.basename(source)),
  });
  linkNodeModules(projectDir, copyDir);
  return copyDir;
}

/** Removes the bundler caches and outputs of a copy: every measured build starts cold. */
export function resetBuildState(copyDir: string): void {
  for (const folder of ['build', '.docusaurus', 'node_modules/.cache']) {
    rmSync(path.join(copyDir, folder), { recursive: true, force: true });
  }
}

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(
    new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
  );
  if (!matches || matches.length !== 1) {
    throw new PatchError(
      `${CONFIG_FILE}: expected exactly one match of ${pattern} (${what}), found ${matches?.length ?? 0}. ` +
        'The config changed: update bench/project-copies.ts.',
    );
  }
  return text.replace(pattern, replacement);
}

function patchConfig(copyDir: string, patch: (text: string) => string): void {
  const file = path.join(copyDir, CONFIG_FILE);
  writeFileSync(file, patch(readFileSync(file, 'utf8')));
}

/**
 * Keeps every v4 flag but turns Faster off: `future.faster: false` wins over the `fasterByDefault`
 * that `v4: true` implies (core/lib/server/configValidation.js), giving the webpack + Babel + Terser
 * pipeline with the same v4 behaviour (CSS cascade layers, storage namespacing, ...).
 */
export function switchFasterOff(copyDir: string): void {
  patchConfig(copyDir, (text) => {
    const future = /future:\s*\{([^{}]*)\}/.exec(text);
    if (!future)
      throw new PatchError(`${CONFIG_FILE}: no "future: { ... }" block found (update bench/project-copies.ts)`);
    if (/\bfaster\s*:/.test(future[1])) {
      throw new PatchError(`${CONFIG_FILE}: "future" already sets "faster": update bench/project-copies.ts`);
    }
    return replaceOnce(text, /future:\s*\{\s*v4:\s*true\s*,?/, 'future: { v4: true, faster: false,', 'future.v4: true');
  });
}

/**
 * The same site without the sign-in gate: no `Root` wrapper, no Amplify client module, no inline
 * live-session script, no account navbar item and its component type, and no gate manifest plugin
 * (which builds the sign-in page). What remains is the handbook a plain Docusaurus site would serve.
 */
export function removeGate(copyDir: string): void {
  for (const file of ['src/theme/Root.tsx', 'src/theme/NavbarItem/ComponentTypes.tsx']) {
    const absolute = path.join(copyDir, file);
    if (!existsSync(absolute)) throw new PatchError(`${file} is gone: update bench/project-copies.ts`);
    rmSync(absolute);
  }
  patchConfig(copyDir, (text) => {
    let patched = replaceOnce(
      text,
      /\{\s*type:\s*'custom-account'[^{}]*\},?/,
      '',
      "the { type: 'custom-account' } navbar item",
    );
    // The Amplify client module may already be gone (or moved): tolerate its absence.
    patched = patched.replace(/\n[ \t]*clientModules:\s*\[[^\]]*\],?[ \t]*(?=\n)/, '');
    // The inline script that reveals a prerendered page to a live session: empty, if present.
    patched = patched.replace(/innerHTML:\s*liveSessionScript\([^()]*\)/, "innerHTML: ''");
    // Docusaurus skips `null` plugin entries: the list keeps its shape wherever the entry sits.
    return replaceOnce(
      patched,
      /\(\s*context\s*\)\s*=>\s*gateManifestPlugin\([^()]*\)/,
      'null',
      'the (context) => gateManifestPlugin(...) plugin entry',
    );
  });
}
