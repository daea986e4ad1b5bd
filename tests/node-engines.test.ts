import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BENCH_MIN_NODE, benchNodeProblem, meetsMinimum } from '../bench/node-version';

const engines = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { engines?: { node?: string } }).engines?.node;
const lowest = (range = '') => /^>=\s*([\d.]+)$/.exec(range)?.[1] ?? '';

test('package.json engines names the lowest Node every script runs on, npm run bench included', () => {
  assert.ok(meetsMinimum(lowest(engines('package.json')), BENCH_MIN_NODE), engines('package.json'));
  assert.ok(meetsMinimum(BENCH_MIN_NODE, lowest(engines('package.json'))), engines('package.json'));
});

test('the bench’s lowest Node covers what Lighthouse and puppeteer-core declare', () => {
  for (const dependency of ['lighthouse', 'puppeteer-core']) {
    const declared = lowest(engines(`node_modules/${dependency}/package.json`));
    assert.ok(declared && meetsMinimum(BENCH_MIN_NODE, declared), `${dependency}: ${declared}`);
  }
});

test('the bench warns on Node 20, naming the Node it supports, and is quiet on 22.19 and 24', () => {
  assert.match(benchNodeProblem('20.20.2') ?? '', /supported on Node 22\.19\.0 or newer.*this is Node 20\.20\.2/);
  assert.equal(benchNodeProblem('22.18.9') === null, false);
  assert.equal(benchNodeProblem('22.19.0'), null);
  assert.equal(benchNodeProblem('24.1.0'), null);
});

test('the workflow tests on the supported LTS lines, 22 and 24', () => {
  const workflow = readFileSync('.github/workflows/ci.yml', 'utf8');
  assert.match(workflow, /node-version: \[22, 24\]/);
  assert.match(workflow, /node-version: \$\{\{ matrix\.node-version \}\}/);
});
