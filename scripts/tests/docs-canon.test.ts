import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { ruby, sample } from './canon-sample';
import { messages } from './messages';

describe('the canon check', () => {
  test('accepts a page that agrees, naming jobs in full or by their class name', () => {
    const page =
      '`SubmitBatchJob` runs on weekdays.\n\n' +
      ruby('class SubmitBatchJob < Base::ApplicationJob\n  sidekiq_options queue: :claims, retry: 3\nend') +
      '```bash\naws ecs execute-command --container platform-web\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(page, sample)), []);
  });

  test('gives each problem once, in the order of its rules: page, then code block by block, then prose', () => {
    const page =
      'Ask in #eng-nowhere about `Sync::Ftp::PollJob` on the `reporting` queue.\n\n' +
      '```bash\naws ecs execute-command --container web --profile production\n```\n' +
      ruby('queue_as :reporting') +
      ruby('queue_as :reporting');
    assert.deepEqual(messages(checkAgainstCanon(page, sample)), [
      'channel "#eng-nowhere" is not in the channel or team table of system facts',
      'job "Sync::Ftp::PollJob" is not in the job table of system facts',
      'AWS CLI profile "production" is not one of platform-staging, platform-production',
      'container "web" is not named after its service (platform-web) nor a sidecar (datadog-agent, log_router)',
      'queue "reporting" is not a declared queue of system facts',
    ]);
  });
});
