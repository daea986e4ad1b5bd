/**
 * A pull request from a fork (issue 31): GitHub gives its `pull_request` run no secrets and no OIDC
 * token ("Using secrets in GitHub Actions"; "Automatic token authentication"), so the preview
 * workflow answers it from a `pull_request_target` job that holds no AWS role and runs none of the
 * fork's code, and whose only act is the comment saying why there is no preview. Tested here: that
 * job's shape in .github/workflows/preview.yml, and `npm run preview -- fork` end to end on GitHub's
 * documented event (testkit/documented-shapes/) against a loopback server answering as GitHub's REST
 * API, with no deploy config and AWS unreachable.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import path from 'node:path';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { listenOnLoopback } from '../../testkit/loopback';
import { after, before, test } from 'node:test';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../..');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}

const workflow = parse(readFileSync(path.join(root, '.github/workflows/preview.yml'), 'utf8')) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};

test('the fork job holds no AWS role, checks out the base branch and only comments', () => {
  const fork = workflow.jobs.fork;
  assert.match(fork.if ?? '', /pull_request_target/);
  assert.match(fork.if ?? '', /head\.repo\.full_name != github\.repository/);
  assert.match(fork.if ?? '', /action != 'closed'/);
  assert.deepEqual(fork.permissions, { contents: 'read', 'pull-requests': 'write' });
  assert.ok(!fork.steps.some((step) => step.uses?.startsWith('aws-actions/')), 'an AWS credentials step');
  // `pull_request_target` checks out the base branch unless told otherwise: never the fork's head.
  const checkout = fork.steps.find((step) => step.uses?.startsWith('actions/checkout'));
  assert.ok(checkout && !checkout.with?.ref, 'checks out something other than the base branch');
  const runs = fork.steps.flatMap((step) => step.run ?? []);
  assert.deepEqual(
    runs.filter((run) => run.startsWith('npm run')),
    [runs.find((run) => run.startsWith('npm run preview'))],
  );
  assert.equal(runs.at(-1), 'npm run preview -- fork');
  assert.deepEqual(workflow.permissions, {}, 'the workflow grants nothing by default');
});

test('the jobs that hold the AWS role never publish for a fork', () => {
  assert.match(workflow.jobs.publish.if ?? '', /workflow_run\.head_repository\.full_name == github\.repository/);
  for (const [name, job] of Object.entries(workflow.jobs)) {
    if (!job.permissions?.['id-token']) continue;
    assert.doesNotMatch(job.if ?? '', /event_name == 'pull_request'(?!_)/, `${name} runs on a pull request's own run`);
  }
});

const comments: { method: string; path: string; body?: { body: string } }[] = [];
const github = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    comments.push({ method: request.method!, path: request.url!, body: text ? JSON.parse(text) : undefined });
    if (request.method === 'GET') response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    else response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":1}');
  });
});
let api = '';
before(async () => {
  api = `http://127.0.0.1:${await listenOnLoopback(github)}`;
});
after(() => github.close());

test('npm run preview -- fork comments why, and reads no deploy config and calls no AWS', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'handbook-fork-event-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const shape = documentedShape<{ events: Record<string, object> }>('github-pull-request-event');
  const eventPath = path.join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(shape.events['opened from a fork']));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'infra/preview.ts'), 'fork'], {
    cwd: root,
    env: {
      GITHUB_EVENT_PATH: eventPath,
      PATH: process.env.PATH,
      GITHUB_TOKEN: 'ghs_test',
      GITHUB_REPOSITORY: 'example-health/engineering-handbook',
      GITHUB_API_URL: api,
      // Either would stop the command if it were read or called.
      HANDBOOK_DEPLOY_CONFIG: path.join(root, 'no-such-deploy.config.json'),
      AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, output);
  const posted = comments.find((request) => request.method === 'POST');
  assert.equal(posted?.path, '/repos/example-health/engineering-handbook/issues/7/comments');
  assert.match(posted?.body?.body ?? '', /comes from a fork.*no secrets/s);
});
