import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-job-prose.ts`', () => {
  test('refuses prose about a particular job that names no job class in its paragraph or section', () => {
    const unnamed = (phrase: string, section: string) =>
      `"${phrase}" (section "${section}") names no job class: name it in backticks, from the job table of system facts, in the same paragraph or section`;
    expectProblems([
      ['## Retries\n\nThe nightly job retries three times.\n', [unnamed('The nightly job', 'Retries')]],
      ['## Retries\n\nThe nightly job, `CareManagement::ProblemStateSweepJob`, retries three times.\n', []],
      ['## Retries\n\n`ProblemStateSweepJob` enqueues recalculations.\n\nThe job retries three times.\n', []],
      ['## Retries\n\n```ruby\nclass ProblemStateSweepJob < Base::ApplicationJob\nend\n```\n\nThe job retries.\n', []],
      [
        '## Sweep\n\n`ProblemStateSweepJob` runs nightly.\n\n## Alerts\n\nA monitor watches the recording download job.\n',
        [unnamed('the recording download job', 'Alerts')],
      ],
      ['## Who\n\nRun it again, then check that job in Datadog.\n', [unnamed('that job', 'Who')]],
      [
        '## Retries\n\nThe job retries.\n\n## What `ProblemStateSweepJob` does\n\nIt sweeps.\n',
        [unnamed('The job', 'Retries')],
      ],
      [
        '## Why\n\n`SubmitBatchJob` and SubmitBatchJob.\n',
        ['job "SubmitBatchJob" in prose: write the class in backticks'],
      ],
    ]);
  });

  test('leaves generic statements about jobs and other kinds of job alone', () => {
    const page = [
      '## Rules',
      '',
      'A job should finish in seconds, and every job is idempotent; jobs take ids.',
      'The CI job runs RSpec, the GitHub Actions job deploys, the dbt job builds marts and a cron job on the old server copied files.',
      'The job class is logged. Its job is narrow, and that is the job of the reviewer, not your job.',
    ].join('\n');
    expectProblems([[page, []]]);
  });
});
