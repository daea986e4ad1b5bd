/**
 * `.github/workflows/ci.yml` runs what `npm test` runs, split into jobs side by side: every part
 * once, every shard of a sharded suite, the writer's checks in a job that needs no browser and
 * waits for nothing, and the rules of GitHub's "Security hardening for GitHub Actions": a
 * read-only token, actions pinned by commit SHA, no credentials left in the checkout, no
 * expression of the event's text inside a shell script.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  'timeout-minutes'?: number;
  permissions?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown[]> };
  steps: Step[];
}

const root = path.resolve(__dirname, '..');
const text = readFileSync(path.join(root, '.github/workflows/ci.yml'), 'utf8');
const workflow = parse(text) as { permissions: Record<string, string>; jobs: Record<string, Job> };
const jobs = Object.entries(workflow.jobs);
const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** The npm scripts a job runs, with their arguments after `--`. */
function npmRuns(job: Job): { script: string; args: string }[] {
  return job.steps.flatMap((step) => {
    const match = /^npm run (\S+)(?: -- (.*))?$/.exec(step.run?.trim() ?? '');
    return match ? [{ script: match[1], args: match[2] ?? '' }] : [];
  });
}

test("the workflow runs every part of npm test, lint's two halves being npm run lint", () => {
  assert.equal(scripts.lint, 'npm run lint:code && npm run lint:docs');
  // What scripts/test-all.ts runs: lint, test:unit, test:builds, then scripts/browser-suites.ts's three.
  const npmTest = [
    'lint:code',
    'lint:docs',
    'test:unit',
    'test:builds',
    'test:e2e',
    'test:e2e:dev',
    'test:e2e:mfa:built',
  ];
  const run = new Set(jobs.flatMap(([, job]) => npmRuns(job).map(({ script }) => script)));
  for (const script of npmTest) assert.ok(run.has(script), `ci.yml never runs npm run ${script}`);
  for (const script of run) assert.ok(scripts[script], `ci.yml runs npm run ${script}, which package.json lacks`);
});

test('a sharded suite runs every shard, each once', () => {
  for (const [name, job] of jobs) {
    for (const { args } of npmRuns(job)) {
      const shard = /--shard=\$\{\{ matrix\.shard \}\}\/(\d+)/.exec(args);
      if (!shard) continue;
      const total = Number(shard[1]);
      assert.deepEqual(
        job.strategy?.matrix?.shard,
        Array.from({ length: total }, (_, index) => index + 1),
        `${name}: matrix.shard must be 1 to ${total}`,
      );
    }
  }
});

test("the writer's checks need no browser, wait for nothing, and nothing waits for them", () => {
  const pages = workflow.jobs.pages;
  assert.deepEqual(
    npmRuns(pages).map(({ script }) => script),
    ['check:docs', 'lint:docs'],
  );
  assert.equal(pages.needs, undefined);
  assert.ok(!pages.steps.some((step) => /playwright install/.test(step.run ?? '')), 'pages installs no browser');
  for (const [name, job] of jobs) assert.ok(![job.needs ?? []].flat().includes('pages'), `${name} waits for pages`);
});

test('every job has a time limit and the read-only token', () => {
  assert.deepEqual(workflow.permissions, { contents: 'read' });
  for (const [name, job] of jobs) {
    assert.ok(job['timeout-minutes'], `${name} has no timeout-minutes`);
    assert.equal(job.permissions, undefined, `${name} asks for permissions of its own`);
  }
});

test('every action is pinned by a full commit SHA, its tag in a comment', () => {
  const uses = text.split('\n').filter((line) => /^\s*-?\s*uses:/.test(line));
  assert.ok(uses.length > 0);
  for (const line of uses) {
    assert.match(line, /uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/, line.trim());
  }
});

test('no checkout keeps the token in the repository, and no script embeds an expression but the matrix', () => {
  for (const [name, job] of jobs) {
    for (const step of job.steps) {
      if (step.uses?.startsWith('actions/checkout@')) {
        assert.equal(step.with?.['persist-credentials'], false, `${name}: checkout without persist-credentials: false`);
      }
      for (const expression of step.run?.match(/\$\{\{[^}]*\}\}/g) ?? []) {
        assert.match(expression, /^\$\{\{ matrix\.\w+ \}\}$/, `${name}: ${expression} in a script`);
      }
    }
  }
});
