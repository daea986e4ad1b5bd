import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compactOf, termsOf } from '../terms';

test('a word is indexed by its stem, stop words left out', () => {
  assert.deepEqual(termsOf('The deployments of services'), ['deploy', 'servic']);
});

test('an identifier or a hyphenated word is indexed by its parts and whole', () => {
  assert.deepEqual(termsOf('authorize_mutation!'), ['author', 'mutat', 'authorizemutation']);
  assert.deepEqual(termsOf('phq9.v2.json'), ['phq9', 'v2', 'json', 'phq9v2json']);
  // "on" is a stop word, but the word written whole keeps it: "oncall" finds "on-call".
  assert.deepEqual(termsOf('On-Call'), ['call', 'oncall']);
});

test('a query runs together as the pages’ text does', () => {
  assert.equal(compactOf('On call'), 'oncall');
  assert.equal(compactOf('Comms::FetchVoicemailRecordingJob'), 'commsfetchvoicemailrecordingjob');
});
