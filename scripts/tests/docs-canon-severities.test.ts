import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-severities.ts`', () => {
  test('refuses a response time of a severity that system facts does not give it, and unknown severities', () => {
    expectProblems([
      ['A SEV1 page: acknowledge within 5 minutes.', []],
      ['Acknowledged within 5 minutes for a SEV1 and 10 minutes for a SEV2.', []],
      ['PagerDuty escalates a SEV1 page after 5 minutes, a SEV2 page after 10 minutes.', []],
      ['Still unclear after 30 minutes of a SEV2? Page the secondary.', []],
      [
        'A SEV1 page: acknowledge within 15 minutes.',
        ['SEV1 is acknowledged within 5 minutes in system facts, not 15'],
      ],
      [
        'Acknowledged within 5 minutes for a SEV1 and 20 minutes for a SEV2.',
        ['SEV2 is acknowledged within 10 minutes in system facts, not 20'],
      ],
      [
        'PagerDuty escalates a SEV1 page to the secondary after 15 minutes.',
        ['SEV1 escalates at 5 and 10 minutes in system facts, not 15'],
      ],
      ['Call it a SEV4.', ['severity SEV4 is not one of SEV1, SEV2, SEV3']],
    ]);
  });
});
