import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-prose-schedules.ts`', () => {
  test('refuses a queue in prose that is not declared or not the job of the sentence', () => {
    expectProblems([
      ['`Reporting::Claims::SubmitBatchJob` runs on the `claims` queue.', []],
      [
        '`Reporting::Claims::SubmitBatchJob` runs on the `critical` queue.',
        ['Reporting::Claims::SubmitBatchJob runs on claims: not on the "critical" queue'],
      ],
      ['Backfills go to the `reporting` Sidekiq queue.', ['queue "reporting" is not a declared queue of system facts']],
    ]);
  });

  test('refuses how often and at what time prose says a scheduled job runs, against "When, in words"', () => {
    const submit = 'reporting_claims_submit_batch (14:00 US Eastern, Monday to Friday in system facts)';
    const sweep = 'care_management_problem_state_sweep (02:00 or 03:00 US Eastern, nightly in system facts)';
    expectProblems([
      ['`SubmitBatchJob` runs at 14:00 US Eastern, Monday to Friday.', []],
      ['`care_management_problem_state_sweep` runs nightly at 07:00 UTC (02:00 or 03:00 US Eastern).', []],
      ['`SubmitBatchJob` runs nightly at 06:00.', [`${submit}: not "nightly"`, `${submit}: not at 06:00`]],
      [
        '`ProblemStateSweepJob` runs hourly, at 07:00 US Eastern.',
        [`${sweep}: not "hourly"`, `${sweep}: not at 07:00 Eastern`],
      ],
    ]);
  });
});
