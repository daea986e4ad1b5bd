import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-retention.ts`', () => {
  test('refuses a retention period that the retention schedule does not give the data', () => {
    expectProblems([
      ['Elation webhook events are kept 30 days for debugging.', []],
      ['Rows of `interop_elation_webhook_events` are purged after 30 days; audit events stay six years.', []],
      [
        'Elation webhook events are kept 90 days for debugging.',
        ['Elation webhook events: kept 30 days in the retention schedule, not 90 days'],
      ],
      ['Roster lines of a Medicare Advantage payer are kept 10 years.', []],
      [
        'APM traces are retained for 30 days.',
        ['Datadog indexed logs and APM traces: kept 15 days in the retention schedule, not 30 days'],
      ],
      [
        'Audit events are retained for seven years.',
        ['Audit events: kept 6 years from the event in the retention schedule, not 7 years'],
      ],
    ]);
  });
});
