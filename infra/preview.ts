/**
 * The preview workflow's commands (.github/workflows/preview.yml calls only these):
 *   npm run preview -- --pr N --commit SHA --base SHA   build and publish, or say why not
 *   npm run preview -- --pr N --commit SHA --remove     the pull request closed or merged
 *   npm run preview -- --pr N --commit SHA --fork       a fork's pull request: no credentials
 * Each keeps one comment on the pull request up to date (GITHUB_TOKEN, GITHUB_REPOSITORY) and exits
 * non-zero on anything left undone.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { isPullRequestNumber } from '../core/preview';
import { createAwsPreviewCloud } from './aws-preview-cloud';
import { readDeployConfig } from './config';
import { upsertComment } from './github-comment';
import { publishPreview, removePreview } from './preview-flow';
import { changedPageLinks, judgeChanges, previewComment } from './preview-plan';
import type { CommentState } from './preview-plan';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pr: { type: 'string' },
      commit: { type: 'string' },
      base: { type: 'string' },
      remove: { type: 'boolean' },
      fork: { type: 'boolean' },
    },
  });
  if (!values.pr || !isPullRequestNumber(values.pr) || !values.commit) {
    throw new Error('Usage: npm run preview -- --pr <number> --commit <sha> (--base <sha> | --remove | --fork)');
  }
  const pullRequest = Number(values.pr);
  const say = (state: CommentState) => upsertComment(pullRequest, previewComment(pullRequest, values.commit!, state));
  if (values.fork) return say({ kind: 'fork' });
  const config = readDeployConfig();
  const cloud = createAwsPreviewCloud(config);
  if (values.remove) {
    await removePreview(cloud, pullRequest);
    return say({ kind: 'removed' });
  }
  if (!values.base) throw new Error('--base <sha> is required to publish a preview.');
  const changed = execFileSync('git', ['diff', '--name-only', `${values.base}...${values.commit}`], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const verdict = judgeChanges(changed);
  if (verdict.unfaithful.length) {
    const reasons = [...new Set(verdict.unfaithful.map((entry) => `${entry.reason} (${entry.file})`))];
    return say({ kind: 'unfaithful', reasons });
  }
  if (!verdict.previewed.length) return say({ kind: 'nothing' });
  const result = await publishPreview(cloud, config, { pullRequest, commit: values.commit, max: config.maxPreviews });
  if (result.status === 'capped') return say({ kind: 'capped', max: result.max, holders: result.holders });
  if (result.status === 'unfaithful') return say({ kind: 'unfaithful', reasons: result.reasons });
  const links = changedPageLinks('build', verdict.previewed, result.url);
  await say({ kind: 'published', result, links });
  console.log(`The preview of pull request ${pullRequest} is at ${result.url}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
