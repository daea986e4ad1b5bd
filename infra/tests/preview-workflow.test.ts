/**
 * The preview workflows' logic (issue 44; issue 43 items 3, 4 and 7): which pull request a trusted
 * job acts on, read from GitHub's documented event and API shapes (testkit/documented-shapes/), the
 * removal of a conflicted pull request's preview and the sweep on a fake bucket against a loopback
 * server answering as GitHub's REST API, and the workflows' own shape: the pull request built by a
 * job that holds nothing, every job that holds the role running the base branch's code only.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { listenOnLoopback } from '../../testkit/loopback';
import type { BucketStore } from '../cloud-port';
import { gitHubRest } from '../../core/github-rest';
import { changedFilesOf, closedPullRequestOf, isOpen, publishTargetOf, stillCurrent } from '../preview-event';
import { removePreview, sweepPreviews } from '../preview-flow';
import type { PreviewCloud } from '../preview-flow';
import { judgeChanges } from '../preview-plan';

const root = path.resolve(__dirname, '../..');
const REPOSITORY = 'example-health/engineering-handbook';

const runs = documentedShape<{ events: Record<string, object> }>('github-workflow-run-preview-event').events;
const pullEvents = documentedShape<{ events: Record<string, object> }>('github-pull-request-event').events;
const pullsApi = documentedShape<{ 'pull request': { head: { sha: string } }; files: { filename: string }[] }>(
  'github-pulls-api',
);
const sameRepository = runs['same-repository pull request, success'] as {
  workflow_run: Record<string, unknown> & { pull_requests: object[] };
};

describe('which pull request a trusted job acts on', () => {
  test('a successful build of a branch of this repository names its one pull request and commit', () => {
    assert.deepEqual(publishTargetOf(sameRepository, REPOSITORY), {
      target: { pullRequest: 43, commit: '95f1c8a6bd4d6e5e3f2ab1d1e8c9f0a1b2c3d4e5' },
    });
  });

  test('a fork’s build, a failed one, a push’s, and a run naming no single pull request are not published', () => {
    const skip = (event: object) => {
      const decided = publishTargetOf(event, REPOSITORY);
      return 'skip' in decided ? decided.skip : 'published';
    };
    assert.match(skip(runs['fork pull request, success']), /fork/);
    const run = sameRepository.workflow_run;
    assert.match(skip({ workflow_run: { ...run, conclusion: 'failure' } }), /conclusion is failure/);
    assert.match(skip({ workflow_run: { ...run, event: 'push' } }), /push event/);
    const twice = { workflow_run: { ...run, pull_requests: [...run.pull_requests, ...run.pull_requests] } };
    assert.match(skip(twice), /names 2 pull requests/);
    // A pull request whose head moved on is not the one this build is of.
    assert.match(skip({ workflow_run: { ...run, head_sha: 'f'.repeat(40) } }), /names 0 pull requests/);
    assert.match(
      skip({ workflow_run: { ...run, head_repository: { full_name: 'outsider/engineering-handbook' } } }),
      /fork/,
    );
  });

  test('a closed pull request, even one with a merge conflict, names its number; other actions none', () => {
    assert.equal(closedPullRequestOf(pullEvents['closed with a merge conflict']), 43);
    assert.equal(closedPullRequestOf(pullEvents['opened from a fork']), null);
  });
});

// GitHub's REST API on loopback: pull request 43 open (the fixture), 12 closed; 43's files on two pages.
const requests: string[] = [];
let api = '';
const github = createServer((request, response) => {
  const url = new URL(request.url!, api);
  requests.push(`${request.method} ${url.pathname}${url.search}`);
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const pull = `/repos/${REPOSITORY}/pulls/`;
  if (url.pathname === `${pull}43`) return json(200, pullsApi['pull request']);
  if (url.pathname === `${pull}12`) return json(200, { ...pullsApi['pull request'], number: 12, state: 'closed' });
  if (url.pathname === `${pull}44`)
    return json(200, {
      ...pullsApi['pull request'],
      number: 44,
      head: { ...pullsApi['pull request'].head, sha: 'b'.repeat(40) },
    });
  if (url.pathname === `${pull}43/files`) {
    const page = Number(url.searchParams.get('page') ?? '1');
    const next = `<${api}${url.pathname}?per_page=100&page=2>; rel="next"`;
    return page === 1 ? json(200, pullsApi.files.slice(0, 2), { link: next }) : json(200, pullsApi.files.slice(2));
  }
  json(404, { message: 'Not Found' });
});
before(async () => {
  api = `http://127.0.0.1:${await listenOnLoopback(github)}`;
});
after(() => github.close());
const rest = () => gitHubRest({ GITHUB_TOKEN: 'ghs_test', GITHUB_REPOSITORY: REPOSITORY, GITHUB_API_URL: api });

describe('GitHub’s answer, read by the base branch’s code', () => {
  test('the build is published only while its pull request is open at that commit', async () => {
    const commit = pullsApi['pull request'].head.sha;
    assert.equal(await stillCurrent(rest(), { pullRequest: 43, commit }), null);
    assert.match((await stillCurrent(rest(), { pullRequest: 43, commit: 'a'.repeat(40) })) ?? '', /newer commit/);
    assert.match((await stillCurrent(rest(), { pullRequest: 12, commit })) ?? '', /is closed/);
  });

  test('the judge reads the diff GitHub lists, every page of it, renames under both names', async () => {
    const files = await changedFilesOf(rest(), 43);
    assert.deepEqual(files, [
      'docs/how-we-work/review-checklist.mdx',
      'docs/arc/overview.md',
      'docs/arc/old-overview.md',
      'docusaurus.config.ts',
    ]);
    assert.ok(
      requests.some((line) => line.endsWith('/pulls/43/files?per_page=100&page=2')),
      'the second page',
    );
    const verdict = judgeChanges(files);
    assert.deepEqual(
      verdict.differs.map((entry) => entry.file),
      ['docusaurus.config.ts'],
      'a change to the site’s configuration is still previewed, and named',
    );
  });
});

/** `npm run preview -- <args>` with `event` as GitHub's, the loopback GitHub, no deploy config and AWS unreachable. */
async function previewCommand(args: string[], event: object): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'handbook-preview-event-'));
  try {
    writeFileSync(path.join(dir, 'event.json'), JSON.stringify(event));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'infra/preview.ts'), ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        GITHUB_EVENT_PATH: path.join(dir, 'event.json'),
        GITHUB_TOKEN: 'ghs_test',
        GITHUB_REPOSITORY: REPOSITORY,
        GITHUB_API_URL: api,
        // Either would stop the command if it were read or called.
        HANDBOOK_DEPLOY_CONFIG: path.join(dir, 'no-such-deploy.config.json'),
        AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('npm run preview -- publish, before it touches AWS', () => {
  test('a fork’s build is not published, and nothing is read of the deploy or of AWS', async () => {
    const { code, output } = await previewCommand(
      ['publish', '--build', 'nowhere'],
      runs['fork pull request, success'],
    );
    assert.equal(code, 0, output);
    assert.match(output, /No preview: the build ran on a fork: forks get no preview\./);
  });

  test('a build whose pull request moved on is not published', async () => {
    const run = sameRepository.workflow_run;
    const moved = {
      workflow_run: { ...run, pull_requests: [{ ...run.pull_requests[0], number: 44 }] },
    };
    const { code, output } = await previewCommand(['publish', '--build', 'nowhere'], moved);
    assert.equal(code, 0, output);
    assert.match(output, /No preview: pull request 44 has a newer commit than the build's\./);
  });
});

/** A bucket of the previews' keys and records, and the invalidations asked of the previews distribution. */
function fakePreviewCloud(keys: Record<string, string>) {
  const objects = new Map(Object.entries(keys));
  const invalidated: string[] = [];
  const bucket = {
    list: async (prefix = '') =>
      new Map([...objects.keys()].filter((key) => key.startsWith(prefix)).map((key) => [key, 'md5'])),
    read: async (key: string) => objects.get(key) ?? null,
    write: async (key: string, text: string) => void objects.set(key, text),
    remove: async (removed: string[]) => removed.forEach((key) => objects.delete(key)),
  } as unknown as BucketStore;
  const cloud: PreviewCloud = {
    siteOutputs: async () => ({
      bucketName: 'handbook-build',
      distributionId: 'EDFDVBD6EXAMPLE',
      siteUrl: 'https://handbook.example-health.com',
      previewDistributionId: 'EPREVIEWSEXAMPLE',
      previewUrl: 'https://previews.handbook.example-health.com',
    }),
    bucket: () => bucket,
    invalidate: async (distributionId, paths) => void invalidated.push(`${distributionId} ${paths.join(' ')}`),
    log: () => {},
  };
  return { cloud, objects, invalidated };
}
const record = (pullRequest: number) =>
  JSON.stringify({ pullRequest, commit: 'c', updatedAt: '2026-11-28T10:00:00Z', files: 1 });

describe('a preview is always removed', () => {
  test('closing a conflicted pull request removes its preview through pull_request_target', async () => {
    const { cloud, objects, invalidated } = fakePreviewCloud({
      'previews/43/index.html': 'page',
      '.gate/previews/43.json': record(43),
      'previews/44/index.html': 'other',
      '.gate/previews/44.json': record(44),
    });
    const pullRequest = closedPullRequestOf(pullEvents['closed with a merge conflict'])!;
    assert.equal(await removePreview(cloud, pullRequest), 1);
    assert.deepEqual([...objects.keys()], ['previews/44/index.html', '.gate/previews/44.json']);
    assert.deepEqual(invalidated, ['EPREVIEWSEXAMPLE /previews/43/*']);
  });

  test('the sweep asks GitHub about each recorded preview and removes closed ones and files without a record', async () => {
    const { cloud, objects } = fakePreviewCloud({
      'previews/43/index.html': 'open',
      '.gate/previews/43.json': record(43),
      'previews/12/index.html': 'closed',
      'previews/12/docs/a.html': 'closed',
      '.gate/previews/12.json': record(12),
      'previews/9/index.html': 'orphan',
    });
    const swept = await sweepPreviews(cloud, (pullRequest) => isOpen(rest(), pullRequest));
    assert.deepEqual(swept, [
      { pullRequest: 9, files: 1, why: 'no record' },
      { pullRequest: 12, files: 2, why: 'closed' },
    ]);
    assert.deepEqual([...objects.keys()].sort(), ['.gate/previews/43.json', 'previews/43/index.html']);
  });
});

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  environment?: string;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency?: unknown;
  jobs: Record<string, Job>;
}
const workflowText = (name: string) => readFileSync(path.join(root, '.github/workflows', name), 'utf8');
const preview = parse(workflowText('preview.yml')) as Workflow;
const build = parse(workflowText('preview-build.yml')) as Workflow;
const holdsRole = (job: Job) => job.permissions?.['id-token'] === 'write';
const writes = (job: Job) => Object.values(job.permissions ?? {}).includes('write');

describe('the workflows', () => {
  test('the pull request is built by a job with no role, no write token and no secret, on pull_request only', () => {
    assert.deepEqual(Object.keys(build.on), ['pull_request']);
    assert.deepEqual(build.permissions, {});
    assert.deepEqual(Object.keys(build.jobs), ['build']);
    assert.deepEqual(build.jobs.build.permissions, { contents: 'read' });
    assert.equal(build.jobs.build.environment, undefined);
    assert.doesNotMatch(workflowText('preview-build.yml'), /secrets\.|aws-actions|id-token/);
  });

  test('every job that holds the role runs the base branch’s code, in the `preview` environment', () => {
    assert.deepEqual(Object.keys(preview.on).sort(), ['pull_request_target', 'schedule', 'workflow_run']);
    assert.deepEqual((preview.on.workflow_run as { workflows: string[] }).workflows, ['Preview build']);
    assert.equal((parse(workflowText('preview-build.yml')) as { name: string }).name, 'Preview build');
    const roleJobs = Object.entries(preview.jobs).filter(([, job]) => holdsRole(job));
    assert.deepEqual(roleJobs.map(([name]) => name).sort(), ['publish', 'remove', 'sweep']);
    for (const [name, job] of roleJobs) {
      assert.equal(job.environment, 'preview', name);
      for (const step of job.steps.filter((candidate) => candidate.uses?.startsWith('actions/checkout@')))
        assert.equal(step.with?.ref, undefined, `${name} checks out something other than the base branch`);
      const runs = job.steps.flatMap((step) => step.run ?? []);
      assert.ok(
        runs.every((run) => !/build:preview|npm run build|npm start/.test(run)),
        `${name} builds`,
      );
    }
    assert.doesNotMatch(JSON.stringify(preview.jobs.publish), /head_branch|head\.ref/);
    assert.match(preview.jobs.remove.if ?? '', /pull_request_target' && github\.event\.action == 'closed'$/);
  });

  test('concurrency on the role-holding jobs, never on a workflow whose jobs may all be skipped', () => {
    assert.equal(preview.concurrency, undefined);
    assert.equal(build.concurrency, undefined);
    for (const [name, job] of Object.entries(preview.jobs).filter(([, candidate]) => holdsRole(candidate))) {
      assert.ok(job.concurrency, `${name} has no concurrency group`);
      assert.equal(job.concurrency['cancel-in-progress'], false, `${name} may be cancelled`);
    }
    assert.equal(
      preview.jobs.publish.concurrency!.group,
      preview.jobs.remove.concurrency!.group.replace('pull_request.number', 'workflow_run.pull_requests[0].number'),
    );
  });

  test('hardened as GitHub advises: actions pinned by SHA in jobs with a role or a write token, no stored credentials, no pull request text in a run line', () => {
    for (const [file, workflow] of [
      ['preview.yml', preview],
      ['preview-build.yml', build],
    ] as const) {
      const lines = workflowText(file).split('\n');
      for (const [name, job] of Object.entries(workflow.jobs)) {
        for (const step of job.steps) {
          if (step.uses && (holdsRole(job) || writes(job) || file === 'preview-build.yml')) {
            const line = lines.find((candidate) => candidate.includes(`uses: ${step.uses}`))!;
            assert.match(
              line,
              /@[0-9a-f]{40} # v\d+\.\d+\.\d+$/,
              `${file} ${name}: ${step.uses} is not pinned by SHA with its tag`,
            );
          }
          if (step.uses?.startsWith('actions/checkout@'))
            assert.equal(step.with?.['persist-credentials'], false, `${file} ${name} leaves the token in .git/config`);
          // Expressions reach a run line only through env, quoted by the shell.
          assert.doesNotMatch(step.run ?? '', /\$\{\{/, `${file} ${name}: an expression in a run line`);
        }
      }
      assert.doesNotMatch(workflowText(file), /pull_request\.(title|body)|head_ref|head\.ref|head_branch/);
    }
  });
});
