import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { readCanon } from '../docs-canon-facts';
import { CANON_FILE } from '../docs-rules';
import { sample } from './canon-sample';
import { messages } from './messages';

describe('the canon rule of `docs-canon-channels.ts`', () => {
  test('refuses a channel that is not listed, but not a Ruby method or an incident channel', () => {
    const prose =
      'Ask in `#eng-prod-access` or `#eng-reporting`; see `Report#rows`, `#rows` and `#inc-20250312-calls`.';
    assert.deepEqual(messages(checkAgainstCanon(prose, sample)), []);
    assert.deepEqual(messages(checkAgainstCanon('Ask in `#eng-access-requests`.', sample)), [
      'channel "#eng-access-requests" is not in the channel or team table of system facts',
    ]);
  });

  test('refuses a channel in prose, and a misspelt channel in a code span', () => {
    assert.deepEqual(
      messages(checkAgainstCanon('Ask in #eng-prod-access, see [on-call](./on-call.md#escalation).', sample)),
      [],
    );
    assert.deepEqual(messages(checkAgainstCanon('Post in #eng-deploys before you start.', sample)), [
      'channel "#eng-deploys" is not in the channel or team table of system facts',
    ]);
    assert.deepEqual(messages(checkAgainstCanon('Ask in `#eng-reportng`.', sample)), [
      'channel "#eng-reportng" is not in the channel or team table of system facts',
    ]);
    const typo = readCanon(readFileSync(CANON_FILE, 'utf8'));
    assert.deepEqual(messages(checkAgainstCanon('Ask `#securty` first, then post in `#deploy`; see `#rows`.', typo)), [
      'channel "#securty" is not in the channel or team table of system facts',
      'channel "#deploy" is not in the channel or team table of system facts',
    ]);
  });
});
