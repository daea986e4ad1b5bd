import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { sample } from './canon-sample';
import { messages } from './messages';

describe('the canon rule of `docs-canon-rake-tasks.ts`', () => {
  test('refuses a rake task of ours that is not in the rake task table, in code and code spans', () => {
    const bash = (line: string) => '```bash\n' + line + '\n```\n';
    assert.deepEqual(
      messages(checkAgainstCanon(bash('bin/rails "reporting:claims:validate_batch[1842]"'), sample)),
      [],
    );
    assert.deepEqual(messages(checkAgainstCanon(bash('bin/rails db:migrate && bin/rails synthetic:seed'), sample)), []);
    assert.deepEqual(
      messages(
        checkAgainstCanon(
          bash('--overrides \'{"command":["bin/rails","reporting:claims:resubmit_rejected[2025-03-01]"]}\''),
          sample,
        ),
      ),
      ['rake task "reporting:claims:resubmit_rejected" is not in the rake task table of system facts'],
    );
    assert.deepEqual(
      messages(checkAgainstCanon('Run `synthetic:claims_files` first; the `reporting:claims` tasks help.', sample)),
      ['rake task "synthetic:claims_files" is not in the rake task table of system facts'],
    );
  });
});
