/**
 * The workflows that hold an AWS role (deploy.yml, rollback.yml, unlock.yml with the deploy role;
 * aws-sandbox.yml with the sandbox's), hardened as
 * GitHub's "Security hardening for GitHub Actions" advises and queued so that no run displaces or
 * cancels another (aws-edge-4 W1, W2): what the workflow linter (`npm run lint:workflows`, schema
 * only) cannot see.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { EXAMPLE_CONFIG_FILE, readDeployConfig } from '../config';

const root = path.resolve(__dirname, '../..');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  environment?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  concurrency?: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const FILES = ['deploy.yml', 'rollback.yml', 'unlock.yml', 'aws-sandbox.yml'];
const read = (file: string) => readFileSync(path.join(root, '.github/workflows', file), 'utf8');
const PINNED = /^\s*(?:-\s+)?uses:\s+([\w.-]+\/[\w.-]+)@([0-9a-f]{40}) # v\d+(?:\.\d+){0,2}\s*$/;

describe('the workflows that hold an AWS role', () => {
  for (const file of FILES) {
    const text = read(file);
    const workflow = parse(text) as Workflow;
    const [name, job] = Object.entries(workflow.jobs).find(([, candidate]) => candidate.permissions?.['id-token'])!;

    test(`${file}: queues on its ${name} job, never on the workflow, and never cancels a running one`, () => {
      assert.equal(workflow.concurrency, undefined, 'a skipped run must not enter the group');
      assert.equal(job.concurrency?.['cancel-in-progress'], false);
      const group = file === 'aws-sandbox.yml' ? 'handbook-sandbox-checks' : 'handbook-production-deploy';
      assert.equal(job.concurrency?.group, group);
    });

    test(`${file}: grants nothing by default; the job asks for an OIDC token and read access only`, () => {
      assert.deepEqual(workflow.permissions, {});
      assert.deepEqual(job.permissions, { contents: 'read', 'id-token': 'write' });
      const environment =
        file === 'aws-sandbox.yml' ? 'sandbox' : readDeployConfig(EXAMPLE_CONFIG_FILE).githubEnvironment;
      assert.equal(job.environment, environment, 'the role’s trusted environment');
    });

    test(`${file}: every action pinned by commit with its tag, checkouts without a stored token, no expression in a script`, () => {
      const usesLines = text.split('\n').filter((line) => /^\s*(?:-\s+)?uses:/.test(line));
      assert.ok(usesLines.length >= 3);
      for (const line of usesLines) assert.match(line, PINNED);
      for (const step of job.steps.filter((candidate) => candidate.uses?.startsWith('actions/checkout@'))) {
        assert.equal(step.with?.['persist-credentials'], false);
      }
      for (const step of job.steps.filter((candidate) => candidate.run)) {
        assert.doesNotMatch(
          step.run!,
          /\$\{\{/,
          `values reach "${step.run}" through env:, not through the script's text`,
        );
      }
    });
  }

  test('the files pin each action to the same commit', () => {
    const pins = new Map<string, Set<string>>();
    for (const file of FILES) {
      for (const line of read(file).split('\n')) {
        const [, action, sha] = PINNED.exec(line) ?? [];
        if (action) pins.set(action, (pins.get(action) ?? new Set()).add(sha));
      }
    }
    for (const [action, shas] of pins) assert.equal(shas.size, 1, action);
  });
});

/**
 * deploy.yml's job condition evaluated on the documented `workflow_run` payload
 * (testkit/documented-shapes/github-workflow-run-event.json): `a == b` clauses joined by `&&`, each
 * side a quoted literal or a context path, which is all the condition uses.
 */
describe('deploy.yml’s condition on documented workflow_run events', () => {
  const shape = documentedShape<{
    repository: string;
    defaultBranchSha: string;
    runs: Record<'pushPassed' | 'fromForkBranchMain' | 'olderCommit' | 'pushFailed', Record<string, unknown>>;
  }>('github-workflow-run-event');
  const condition = (parse(read('deploy.yml')) as Workflow).jobs.deploy as Job & { if: string };

  function deploys(run: Record<string, unknown>): boolean {
    const context: Record<string, unknown> = {
      github: { repository: shape.repository, sha: shape.defaultBranchSha, event: { workflow_run: run } },
    };
    const valueOf = (side: string): unknown => {
      const literal = /^'(.*)'$/.exec(side);
      if (literal) return literal[1];
      const value = side
        .split('.')
        .reduce<unknown>((object, key) => (object as Record<string, unknown>)?.[key], context);
      assert.notEqual(value, undefined, `${side} is a field of the documented payload`);
      return value;
    };
    return condition.if.split('&&').every((clause) => {
      const [left, right] = clause.split('==').map((side) => side.trim());
      return valueOf(left) === valueOf(right);
    });
  }

  test('deploys a passed push to main of this repository, and nothing else', () => {
    assert.equal(deploys(shape.runs.pushPassed), true);
    assert.equal(deploys(shape.runs.fromForkBranchMain), false);
    assert.equal(deploys(shape.runs.olderCommit), false);
    assert.equal(deploys(shape.runs.pushFailed), false);
  });
});
