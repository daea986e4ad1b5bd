import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acronymsDefinedIn } from '../acronyms';

test('an acronym after the words it stands for, in brackets, is defined', () => {
  assert.deepEqual(acronymsDefinedIn('We store protected health information (PHI) for patients.'), ['phi']);
  assert.deepEqual(acronymsDefinedIn('enrolled in Chronic Care Management (CCM), the one program'), ['ccm']);
  assert.deepEqual(acronymsDefinedIn('the Department of Health and Human Services (HHS)'), ['hhs']);
});

test('a glossary entry, the acronym then a colon and its words, is defined', () => {
  assert.deepEqual(acronymsDefinedIn('PHI: Protected Health Information: any health information'), ['phi']);
  assert.deepEqual(acronymsDefinedIn('a record. BAA: Business Associate Agreement, the HIPAA contract'), ['baa']);
});

test('brackets or colons whose words do not spell the capitals define nothing', () => {
  assert.deepEqual(acronymsDefinedIn('rejected by the payer (A3) or accepted (A2)'), []);
  assert.deepEqual(acronymsDefinedIn('SEV1: patient care at risk'), []);
  assert.deepEqual(acronymsDefinedIn('the (PHI) of it'), []);
});
