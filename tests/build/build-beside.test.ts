/**
 * `npm run build` builds beside the build it replaces: a failing build leaves the last good one in
 * place under a running `npm run serve`, and `--out-dir` reaches the build and its compression.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { COMPRESSED_DIR } from '../../gate/compression';
import { fixtureSite } from './fixture-site';
import { runBuild } from './run-build';

const local = { HANDBOOK_AUTH: 'local' };

test('a failing build leaves the last good build as it was, and no staging folder', () => {
  const site = fixtureSite([{ file: 'index.md', append: '```mermaid\nflowchart LR\n  A --> B[\n```' }]);
  mkdirSync(path.join(site, 'build'));
  writeFileSync(path.join(site, 'build', 'index.html'), 'the last good build');
  const { ok, output } = runBuild(local, { siteDir: site, viaScript: true });
  assert.equal(ok, false, output);
  assert.match(output, /build\/ is left as it was/);
  assert.equal(readFileSync(path.join(site, 'build', 'index.html'), 'utf8'), 'the last good build');
  assert.deepEqual(
    readdirSync(site).filter((entry) => entry.startsWith('.build')),
    [],
  );
});

test('--out-dir reaches the build: built, compressed and swapped in there, build/ untouched', () => {
  const site = fixtureSite();
  mkdirSync(path.join(site, 'elsewhere'));
  writeFileSync(path.join(site, 'elsewhere', 'stale.html'), 'the build it replaces');
  const { ok, output } = runBuild(local, { siteDir: site, viaScript: true, args: ['--out-dir', 'elsewhere'] });
  assert.ok(ok, output);
  assert.match(output, /Compressed \d+ text files of .*elsewhere in /);
  assert.ok(existsSync(path.join(site, 'elsewhere', 'index.html')));
  assert.ok(existsSync(path.join(site, 'elsewhere', COMPRESSED_DIR)));
  assert.equal(existsSync(path.join(site, 'elsewhere', 'stale.html')), false);
  assert.equal(existsSync(path.join(site, 'build')), false);
});
