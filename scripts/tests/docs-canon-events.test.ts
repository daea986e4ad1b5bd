import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-events.ts`', () => {
  test('refuses event names that are not in the event table, in code spans and in logging code', () => {
    expectProblems([
      ['Sync publishes `sync_ftp.file_received`; see `claims.batch_submitted`, `forms.sign` and `claims.yml`.', []],
      [
        'Sync publishes `sync_ftp.file_arrived`.',
        ['event "sync_ftp.file_arrived" is not in the event table of system facts'],
      ],
      [
        '```ruby\nBase::RailsLogger.info("claims.batch.uploaded", batch_id: batch.id)\n```\n',
        ['event "claims.batch.uploaded" is not in the event table of system facts'],
      ],
      [
        'Search `@event:care_management.problem_state.recalculated`.',
        ['event "care_management.problem_state.recalculated" is not in the event table of system facts'],
      ],
    ]);
  });
});
