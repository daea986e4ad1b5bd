/**
 * markdownlint, run as `npm run lint` runs it, prints its usual lines and, under GitHub Actions, an
 * annotation on the line of each fault (scripts/markdownlint-annotations.mjs).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

const projectDir = path.resolve(__dirname, '../..');
const folder = mkdtempSync(path.join(tmpdir(), 'handbook-markdownlint-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** The project's configuration on one page outside docs/ (`--no-globs` leaves the docs out). */
function markdownlint(env: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string } {
  const page = path.join(folder, 'page.md');
  writeFileSync(page, '---\ntitle: T\n---\n\n## Links\n\nSee http://example.com for more.\n');
  const run = spawnSync(
    process.execPath,
    [path.join(projectDir, 'node_modules/markdownlint-cli2/markdownlint-cli2-bin.mjs'), '--no-globs', page],
    { cwd: projectDir, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: '', ...env } },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const file = path.relative(projectDir, path.join(folder, 'page.md'));

test('a fault is printed as ever, and not as an annotation, outside GitHub Actions', () => {
  const { status, stdout, stderr } = markdownlint({});
  assert.equal(status, 1);
  assert.match(stderr, new RegExp(`^${file.replace(/\./g, '\\.')}:7:5 error MD034/no-bare-urls Bare URL used`, 'm'));
  assert.doesNotMatch(stdout + stderr, /::error/);
});

test('under GitHub Actions the fault is also an annotation on its line and column', () => {
  const { status, stdout } = markdownlint({ GITHUB_ACTIONS: 'true' });
  assert.equal(status, 1);
  assert.ok(
    stdout.includes(
      `::error file=${file},line=7,col=5::MD034/no-bare-urls Bare URL used: \`npx markdownlint-cli2 --fix\` repairs it\n`,
    ),
    stdout,
  );
});
