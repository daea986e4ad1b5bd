/**
 * The preview workflow's commands (.github/workflows/preview.yml calls only these, from jobs that
 * run the base branch's code; the pull request itself is built in preview-build.yml, by a job that
 * holds no role and no write token):
 *   npm run preview -- publish --build DIR   the workflow_run event's pull request, from its build
 *   npm run preview -- remove [--pr N]       the pull_request_target `closed` event's, or N by hand
 *   npm run preview -- sweep                 every preview whose pull request closed, or without a record
 *   npm run preview -- fork                  a fork's pull request: why it has no preview
 *   npm run preview -- build-env             the build variables preview-build.yml takes (an operator runs it)
 * The pull request's number comes from GitHub's event (GITHUB_EVENT_PATH) and GitHub's API
 * (GITHUB_TOKEN, GITHUB_REPOSITORY), never from the build. Each keeps one comment on the pull
 * request up to date and exits non-zero on anything left undone.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { isPullRequestNumber } from '../core/preview';
import { createAwsPreviewCloud } from './aws-preview-cloud';
import { deployedSite, IDENTITY_OUTPUTS, identityOutputsOf, requiredOutputs } from './aws-stack-outputs';
import { readDeployConfig, stackNames } from './config';
import { buildEnvironment } from './deploy-flow';
import { upsertComment } from './github-comment';
import { gitHubRest } from '../core/github-rest';
import { changedFilesOf, closedPullRequestOf, isOpen, publishTargetOf, stillCurrent } from './preview-event';
import { publishPreview, removePreview, sweepPreviews } from './preview-flow';
import { changedPageLinks, judgeChanges, previewComment } from './preview-plan';
import type { CommentState } from './preview-plan';

const USAGE = 'Usage: npm run preview -- publish --build <dir> | remove [--pr <number>] | sweep | fork | build-env';

function readEvent<T>(): T {
  const file = process.env.GITHUB_EVENT_PATH;
  if (!file) throw new Error('GITHUB_EVENT_PATH is not set: this command reads the event GitHub gave the job.');
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

const say = (pullRequest: number, commit: string, state: CommentState) =>
  upsertComment(pullRequest, previewComment(pullRequest, commit, state));

async function publish(buildDir: string): Promise<void> {
  const github = gitHubRest();
  const decided = publishTargetOf(readEvent(), github.repository);
  if ('skip' in decided) return console.log(`No preview: ${decided.skip}.`);
  const { pullRequest, commit } = decided.target;
  const stale = await stillCurrent(github, decided.target);
  if (stale) return console.log(`No preview: ${stale}.`);
  const verdict = judgeChanges(await changedFilesOf(github, pullRequest));
  if (!verdict.content.length && !verdict.differs.length) return say(pullRequest, commit, { kind: 'nothing' });
  const config = readDeployConfig();
  const cloud = createAwsPreviewCloud(config);
  const result = await publishPreview(cloud, { pullRequest, commit, max: config.maxPreviews, buildDir });
  if (result.status === 'capped')
    return say(pullRequest, commit, { kind: 'capped', max: result.max, holders: result.holders });
  if (result.status === 'unfaithful') return say(pullRequest, commit, { kind: 'unfaithful', reasons: result.reasons });
  const links = changedPageLinks(buildDir, verdict.content, result.url);
  await say(pullRequest, commit, { kind: 'published', result, links, differs: verdict.differs });
  console.log(`The preview of pull request ${pullRequest} is at ${result.url}`);
}

async function remove(byHand: string | undefined): Promise<void> {
  const event = byHand ? null : readEvent<{ pull_request?: { head?: { sha?: string } } }>();
  const pullRequest = byHand ? (isPullRequestNumber(byHand) ? Number(byHand) : null) : closedPullRequestOf(event ?? {});
  if (pullRequest === null)
    throw new Error(
      byHand ? `--pr ${byHand} is not a pull request number.` : 'The event is not a closed pull request.',
    );
  const files = await removePreview(createAwsPreviewCloud(readDeployConfig()), pullRequest);
  console.log(`Removed the preview of pull request ${pullRequest}: ${files} files.`);
  if (files > 0) await say(pullRequest, event?.pull_request?.head?.sha ?? '', { kind: 'removed' });
}

async function sweep(): Promise<void> {
  const github = gitHubRest();
  const swept = await sweepPreviews(createAwsPreviewCloud(readDeployConfig()), (pullRequest) =>
    isOpen(github, pullRequest),
  );
  const lines = swept.length
    ? swept.map(
        ({ pullRequest, files, why }) => `Removed the preview of pull request ${pullRequest} (${why}): ${files} files.`,
      )
    : ['Every preview belongs to an open pull request: nothing removed.'];
  for (const line of lines) console.log(line);
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${lines.map((line) => `- ${line}`).join('\n')}\n`);
  for (const { pullRequest } of swept.filter((entry) => entry.why === 'closed')) {
    await say(pullRequest, '', { kind: 'removed' });
  }
}

async function fork(): Promise<void> {
  const event = readEvent<{ pull_request?: { number?: number; head?: { sha?: string } } }>();
  const pullRequest = event.pull_request?.number;
  if (!pullRequest || !isPullRequestNumber(String(pullRequest))) throw new Error('The event names no pull request.');
  await say(pullRequest, event.pull_request?.head?.sha ?? '', { kind: 'fork' });
}

/** What preview-build.yml needs to build against production's pool: its public settings, no secret. */
async function buildEnv(): Promise<void> {
  const config = readDeployConfig();
  const names = stackNames(config);
  const cloudFormation = new CloudFormationClient({ region: config.region });
  const site = await deployedSite(cloudFormation, names.site);
  if (!site) throw new Error('Production is not deployed yet: run `npm run deploy` first.');
  const identity = identityOutputsOf(
    await requiredOutputs(cloudFormation, names.identity, IDENTITY_OUTPUTS),
    config.region,
  );
  console.log(JSON.stringify(buildEnvironment(config, identity, site.siteUrl)));
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { build: { type: 'string' }, pr: { type: 'string' } },
  });
  switch (positionals[0]) {
    case 'publish':
      if (!values.build) throw new Error(`publish needs --build <dir>. ${USAGE}`);
      return publish(values.build);
    case 'remove':
      return remove(values.pr);
    case 'sweep':
      return sweep();
    case 'fork':
      return fork();
    case 'build-env':
      return buildEnv();
    default:
      throw new Error(USAGE);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
