import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { loadCanon } from '../docs-rules';
import { sample } from './canon-sample';
import { messages } from './messages';

describe('the canon rule of `docs-canon-profiles.ts`', () => {
  test('refuses an AWS CLI profile that is not one of the canon', () => {
    const bash = (line: string) => '```bash\n' + line + '\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(bash('aws sso login --profile platform-production'), sample)), []);
    assert.deepEqual(messages(checkAgainstCanon(bash('aws ec2 describe-instances --profile production'), sample)), [
      'AWS CLI profile "production" is not one of platform-staging, platform-production',
    ]);
    assert.deepEqual(messages(checkAgainstCanon(bash('export AWS_PROFILE=staging'), sample)), [
      'AWS CLI profile "staging" is not one of platform-staging, platform-production',
    ]);
  });

  test('knows a profile per time-limited production permission set, from every profile row of system facts', () => {
    const canon = loadCanon();
    const bash = (line: string) => '```bash\n' + line + '\n```\n';
    assert.deepEqual([...canon.profiles].sort(), [
      'platform-production',
      'platform-production-operator',
      'platform-production-write',
      'platform-staging',
    ]);
    assert.deepEqual(messages(checkAgainstCanon(bash('export AWS_PROFILE=platform-production-operator'), canon)), []);
    assert.deepEqual(messages(checkAgainstCanon(bash('export AWS_PROFILE=platform-production-admin'), canon)), [
      'AWS CLI profile "platform-production-admin" is not one of platform-staging, platform-production, platform-production-operator, platform-production-write',
    ]);
  });
});
