import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { ruby, sample } from './canon-sample';
import { messages } from './messages';

describe('the canon rule of `docs-canon-code-queues.ts`', () => {
  test('refuses a queue that is not declared, in sidekiq_options, queue_as and schedules', () => {
    const undeclared = 'queue "reporting" is not a declared queue of system facts';
    const options = 'class SubmitBatchJob < Base::ApplicationJob\n  sidekiq_options queue: :reporting\nend';
    assert.deepEqual(messages(checkAgainstCanon(ruby(options), sample)), [undeclared]);
    assert.deepEqual(messages(checkAgainstCanon(ruby('queue_as :reporting'), sample)), [undeclared]);
    const schedule = '```yaml\nsubmit:\n  class: "Reporting::Claims::SubmitBatchJob"\n  queue: reporting\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(schedule, sample)), [undeclared]);
  });

  test("refuses a declared queue that is not the job's own", () => {
    const code = 'class RecalculateProblemStatesJob < Base::ApplicationJob\n  sidekiq_options queue: :claims\nend';
    assert.deepEqual(messages(checkAgainstCanon(ruby(code), sample)), [
      'CareManagement::RecalculateProblemStatesJob runs on critical, not on "claims"',
    ]);
  });

  test('reads yml and rb fences as YAML and Ruby', () => {
    const yml = '```yml\nsubmit:\n  class: "Reporting::Claims::SubmitBatchJob"\n  queue: reporting\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(yml, sample)), [
      'queue "reporting" is not a declared queue of system facts',
    ]);
    const rb = '```rb\nclass SubmitBatchJob < Base::ApplicationJob\n  queue_as :critical\nend\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(rb, sample)), [
      'Reporting::Claims::SubmitBatchJob runs on claims, not on "critical"',
    ]);
  });
});
