import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { sample } from './canon-sample';
import { messages } from './messages';

describe('the canon rule of `docs-canon-access.ts`', () => {
  test('refuses roles and permissions that are not in the canon: calls, roles.yml excerpts, "role" in prose', () => {
    const roles = '```yaml\nnurse:\n  inherits: care_coordinator\n  permissions:\n    - forms.sign\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(roles, sample)), []);
    const unknown = '```yml\nscheduler:\n  inherits: nurse\n  permissions:\n    - forms.sign\n    - visits.book\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(unknown, sample)), [
      'role "scheduler" is not in the role table of system facts',
      'permission "visits.book" is not in the permission table of system facts',
    ]);
    assert.deepEqual(messages(checkAgainstCanon('It calls `authorize_mutation!("problems.update")`.', sample)), []);
    assert.deepEqual(messages(checkAgainstCanon('It calls `authorize_mutation!("form_responses.create")`.', sample)), [
      'permission "form_responses.create" is not in the permission table of system facts',
    ]);
    assert.deepEqual(messages(checkAgainstCanon('Needs the `care_coordinator` or `nurse` role.', sample)), []);
    assert.deepEqual(messages(checkAgainstCanon('The service user has its own role (`retool_service`).', sample)), [
      'role "retool_service" is not in the role table of system facts',
    ]);
    assert.deepEqual(messages(checkAgainstCanon('Needs the `nurse` or `billing_specialist` role.', sample)), [
      'role "billing_specialist" is not in the role table of system facts',
    ]);
  });
});
