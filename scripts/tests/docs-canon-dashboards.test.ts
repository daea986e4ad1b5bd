import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-dashboards.ts`', () => {
  test('refuses a Datadog dashboard that is not named as in system facts', () => {
    expectProblems([
      ['Open the "Reporting / Claims pipeline" dashboard.', []],
      [
        'The Datadog dashboard **Reporting: claims pipeline** shows each stage.',
        ['dashboard "Reporting: claims pipeline" is not in the Datadog dashboard table of system facts'],
      ],
    ]);
  });
});
