import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { jobNameProblems } from '../docs-canon-job-names';
import { sample } from './canon-sample';
import { messages } from './messages';

describe('the canon rule of `docs-canon-job-names.ts`', () => {
  test('refuses a job that is not in the job table', () => {
    assert.deepEqual(messages(checkAgainstCanon('`Sync::Ftp::PollJob` runs every minute.', sample)), [
      'job "Sync::Ftp::PollJob" is not in the job table of system facts',
    ]);
  });

  test('refuses a class name that two jobs of the canon end with', () => {
    const low = new Set(['low']);
    const twoSweeps = {
      ...sample,
      jobs: new Map([
        ['CareManagement::SweepJob', low],
        ['Interop::SweepJob', low],
      ]),
    };
    const page = 'Both `CareManagement::SweepJob` and `SweepJob` run nightly.';
    assert.deepEqual(jobNameProblems(page, twoSweeps), [
      { rule: 'canon-job-names', line: 1, message: 'job "SweepJob" is ambiguous: name it in full' },
    ]);
  });
});
