import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanSearchUrl } from '../clean-url';

const at = (url: string) => {
  const { pathname, search, hash } = new URL(url, 'https://handbook.example');
  return cleanSearchUrl({ pathname, search, hash });
};

test('a clean search URL is left alone', () => {
  assert.equal(at('/search?q=claims'), null);
  assert.equal(at('/search?q=claims&ctx=arc'), null);
  assert.equal(at('/search'), null);
});

test('every version parameter goes, whatever it names, and the rest of the URL stays', () => {
  for (const version of ['next', '/arc', '..%2F..', '../..', '', 'https%3A%2F%2Fevil.example']) {
    assert.equal(at(`/search?q=claims&version=${version}&ctx=arc#top`), '/search?q=claims&ctx=arc#top', version);
  }
  assert.equal(at('/search?version=next&version=1.0'), '/search');
});

test('the trailing slash the search box links to goes', () => {
  assert.equal(at('/search/?q=Elation'), '/search?q=Elation');
  assert.equal(at('/search//'), '/search');
});
