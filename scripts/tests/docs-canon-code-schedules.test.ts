import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { sample } from './canon-sample';
import { messages } from './messages';

describe('the canon rule of `docs-canon-code-schedules.ts`', () => {
  test('refuses a schedule that is missing from the canon or runs at another time', () => {
    const schedule = (key: string, cron: string) =>
      '```yaml\n' +
      key +
      ':\n  cron: "' +
      cron +
      '"\n  class: "Reporting::Claims::SubmitBatchJob"\n  queue: claims\n```\n';
    assert.deepEqual(
      messages(checkAgainstCanon(schedule('reporting_claims_submit_batch', '0 14 * * 1-5 America/New_York'), sample)),
      [],
    );
    assert.deepEqual(messages(checkAgainstCanon(schedule('reporting_claims_submit_batch', '0 6 * * *'), sample)), [
      'schedule "reporting_claims_submit_batch" is "0 14 * * 1-5 America/New_York" in system facts, not "0 6 * * *"',
    ]);
    assert.deepEqual(
      messages(checkAgainstCanon(schedule('reporting_claims_nightly_submission', '0 6 * * *'), sample)),
      ['schedule "reporting_claims_nightly_submission" is not in the schedule table of system facts'],
    );
  });

  test('refuses a schedule that runs another class than the canon says', () => {
    const schedule = (job: string) =>
      '```yaml\nreporting_claims_submit_batch:\n  cron: "0 14 * * 1-5 America/New_York"\n  class: "' +
      job +
      '"\n  queue: claims\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(schedule('Reporting::Claims::SubmitBatchJob'), sample)), []);
    assert.deepEqual(messages(checkAgainstCanon(schedule('CareManagement::RecalculateProblemStatesJob'), sample)), [
      'CareManagement::RecalculateProblemStatesJob runs on critical, not on "claims"',
      'schedule "reporting_claims_submit_batch" runs Reporting::Claims::SubmitBatchJob in system facts, not "CareManagement::RecalculateProblemStatesJob"',
    ]);
  });
});
