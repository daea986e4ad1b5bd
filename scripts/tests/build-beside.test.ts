import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { buildArguments, stagingDirOf, swapIn } from '../build-beside';

const folder = mkdtempSync(path.join(tmpdir(), 'build-beside-'));
after(() => rmSync(folder, { recursive: true, force: true }));

test('--out-dir, in either spelling, is the output folder, relative to the site, and not passed on', () => {
  const cwd = process.cwd();
  assert.deepEqual(buildArguments([]), { siteDir: cwd, outDir: path.join(cwd, 'build'), rest: [] });
  assert.deepEqual(buildArguments(['--out-dir', 'build-x', '--no-minify']), {
    siteDir: cwd,
    outDir: path.join(cwd, 'build-x'),
    rest: ['--no-minify'],
  });
  assert.deepEqual(buildArguments(['/srv/site', '--out-dir=out']), {
    siteDir: '/srv/site',
    outDir: '/srv/site/out',
    rest: ['/srv/site'],
  });
  assert.equal(buildArguments(['--out-dir', '/tmp/elsewhere']).outDir, '/tmp/elsewhere');
});

test('--out-dir without a folder is refused, naming it', () => {
  assert.throws(() => buildArguments(['--out-dir']), /--out-dir needs a folder/);
  assert.throws(() => buildArguments(['--out-dir', '--no-minify']), /--out-dir needs a folder/);
  assert.throws(() => buildArguments(['--out-dir=']), /--out-dir needs a folder/);
});

test('the staging folder is beside the output, hidden, so the swap is a rename', () => {
  assert.equal(stagingDirOf('/srv/site/build'), '/srv/site/.build.building');
});

test('the finished build replaces the old one whole, and nothing is left beside it', () => {
  const outDir = path.join(folder, 'build');
  mkdirSync(outDir);
  writeFileSync(path.join(outDir, 'old.html'), 'old');
  const staging = stagingDirOf(outDir);
  mkdirSync(staging);
  writeFileSync(path.join(staging, 'new.html'), 'new');
  swapIn(staging, outDir);
  assert.deepEqual(readdirSync(outDir), ['new.html']);
  assert.deepEqual(readdirSync(folder), ['build']);
});

test('the first build, with no build before it, is put in place', () => {
  const outDir = path.join(folder, 'first');
  const staging = stagingDirOf(outDir);
  mkdirSync(staging);
  writeFileSync(path.join(staging, 'index.html'), 'first');
  swapIn(staging, outDir);
  assert.equal(readFileSync(path.join(outDir, 'index.html'), 'utf8'), 'first');
  assert.equal(existsSync(staging), false);
});
