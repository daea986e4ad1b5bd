import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SUPPORTED_NODE, lowestSupportedNode, meetsMinimum } from '../scripts/supported-node';

const manifest = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    engines?: { node?: string };
    scripts: Record<string, string>;
    devDependencies: Record<string, string>;
  };

test('engines names the lowest Node the bench’s Lighthouse and puppeteer-core declare', () => {
  assert.equal(SUPPORTED_NODE, '22.19.0');
  for (const dependency of ['lighthouse', 'puppeteer-core']) {
    const declared = lowestSupportedNode(manifest(`node_modules/${dependency}/package.json`).engines?.node ?? '');
    assert.ok(meetsMinimum(SUPPORTED_NODE, declared), `${dependency} declares ${declared}`);
  }
});

test('engines reads as a lowest version, and a malformed one is refused by name', () => {
  assert.equal(lowestSupportedNode('>=22.19'), '22.19.0');
  assert.equal(lowestSupportedNode('>= 24'), '24.0.0');
  assert.throws(() => lowestSupportedNode('^22'), /engines\.node must read ">=<version>", not "\^22"/);
});

test('versions compare part by part, not as text', () => {
  assert.equal(meetsMinimum('22.19.0', '22.19.0'), true);
  assert.equal(meetsMinimum('22.23.3', '22.19.0'), true);
  assert.equal(meetsMinimum('24.1.0', '22.19.0'), true);
  assert.equal(meetsMinimum('22.18.9', '22.19.0'), false);
  assert.equal(meetsMinimum('20.20.2', '22.19.0'), false);
  assert.equal(meetsMinimum('22.9.0', '22.19.0'), false);
});

test('npm test and npm run bench run on a supported Node, and Node’s types follow engines', () => {
  const { scripts, devDependencies } = manifest('package.json');
  assert.match(scripts.test, /^tsx scripts\/supported-node\.ts npm run test:all$/);
  assert.match(scripts.bench, /^tsx scripts\/supported-node\.ts tsx bench\/run\.ts$/);
  assert.equal(devDependencies['@types/node'].replace(/^\^/, '').split('.')[0], SUPPORTED_NODE.split('.')[0]);
});

test('CI runs on the supported Node: .ci/run takes it from the registry, the workflow tests 22 and 24', () => {
  assert.match(readFileSync('.ci/run', 'utf8'), /npx --yes node@22 /);
  const workflow = readFileSync('.github/workflows/ci.yml', 'utf8');
  assert.match(workflow, /node-version: \[22, 24\]/);
  assert.match(workflow, /node-version: \$\{\{ matrix\.node-version \}\}/);
});
