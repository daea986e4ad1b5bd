import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-versions.ts`', () => {
  test('refuses a version we do not run, but not the version that introduced a feature', () => {
    expectProblems([
      [
        'We run Aurora PostgreSQL 15 and Ruby 3.x; pattern matching (Ruby 2.7) is old, and since Ruby 3.0 so is this.',
        [],
      ],
      ['Aurora PostgreSQL 14 in every environment.', ['PostgreSQL is 15 in system facts, not 14']],
      ['The app runs Ruby 3.2.', ['Ruby is 3.3 in system facts, not 3.2']],
    ]);
  });
});
