import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseEnv } from 'node:util';
import { buildAuthConfig } from '../amplify-config';
import { EXAMPLE_IDENTIFIERS, exampleValueProblems } from '../example-values';

const exampleText = readFileSync(path.join(__dirname, '../../.env.example'), 'utf8');
/** Every `NAME=value` line of `.env.example`, commented out or not. */
const exampleValues = parseEnv(exampleText.replace(/^# (HANDBOOK_\w+=)/gm, '$1')) as Record<string, string>;

test('.env.example copied as it stands is a local setup', () => {
  const copied = parseEnv(exampleText) as Record<string, string>;
  assert.deepEqual(copied, { HANDBOOK_AUTH: 'local' });
  assert.equal(buildAuthConfig(copied).mode, 'local');
});

test('the identifiers .env.example shows are the ones a build refuses', () => {
  for (const [name, value] of Object.entries(EXAMPLE_IDENTIFIERS)) assert.equal(exampleValues[name], value, name);
});

test("every example value of a production build's variables is named", () => {
  const problems = exampleValueProblems({ ...exampleValues, HANDBOOK_AUTH: 'cognito' });
  for (const name of [
    'HANDBOOK_URL',
    'HANDBOOK_REPO_URL',
    'HANDBOOK_AUTH_USER_POOL_ID',
    'HANDBOOK_AUTH_USER_POOL_CLIENT_ID',
    'HANDBOOK_AUTH_IDENTITY_POOL_ID',
    'HANDBOOK_AUTH_OAUTH_DOMAIN',
    'HANDBOOK_AUTH_REDIRECT_SIGN_IN',
    'HANDBOOK_AUTH_REDIRECT_SIGN_OUT',
  ]) {
    assert.ok(
      problems.some((problem) => problem.startsWith(`${name} is `)),
      `${name} not named in:\n${problems.join('\n')}`,
    );
  }
  assert.match(problems.join('\n'), /HANDBOOK_AUTH_USER_POOL_ID is "us-east-1_AbCdEf123", the example's value/);
});

test('an unset variable whose default is an example is named as such', () => {
  assert.deepEqual(exampleValueProblems({}, { HANDBOOK_URL: 'https://handbook.example.com' }), [
    'HANDBOOK_URL is "https://handbook.example.com" (its default, as it is unset): handbook.example.com is an example name (RFC 2606), not yours',
  ]);
});

test('real values, and the loopback dev address beside them, pass', () => {
  assert.deepEqual(
    exampleValueProblems({
      HANDBOOK_URL: 'https://handbook.acme-health.io',
      HANDBOOK_REPO_URL: 'https://github.com/acme-health/handbook',
      HANDBOOK_AUTH_USER_POOL_ID: 'eu-west-1_Q9xYz1234',
      HANDBOOK_AUTH_USER_POOL_CLIENT_ID: '1a2b3c4d5e6f7g8h9i0j1k2l3m',
      HANDBOOK_AUTH_OAUTH_DOMAIN: 'auth.acme-health.io',
      HANDBOOK_AUTH_REDIRECT_SIGN_IN: 'http://localhost:3000/sign-in,https://handbook.acme-health.io/sign-in',
      HANDBOOK_AUTH_REDIRECT_SIGN_OUT: 'http://127.0.0.1:3000/sign-in,https://handbook.acme-health.io/sign-in',
    }),
    [],
  );
});

test('every reserved documentation name is refused, and look-alikes are not', () => {
  for (const host of [
    'example.com',
    'docs.example.net',
    'a.example.org',
    'handbook.example',
    'site.test',
    'x.invalid',
  ]) {
    assert.equal(exampleValueProblems({ HANDBOOK_URL: `https://${host}` }).length, 1, host);
  }
  for (const host of ['example.co', 'myexample.com', 'examples.org', 'test.io']) {
    assert.deepEqual(exampleValueProblems({ HANDBOOK_URL: `https://${host}` }), [], host);
  }
});
