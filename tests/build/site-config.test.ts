import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseEnv } from 'node:util';
import { projectDir, runBuild } from './run-build';

/** Config errors stop the build before anything is written. */
const neverWritten = { args: ['--out-dir', 'build-never-written'] };

for (const [name, value] of [
  ['HANDBOOK_URL', 'handbook.example.com'],
  ['HANDBOOK_REPO_URL', 'ftp://git.example.com/handbook'],
]) {
  test(`a build with a wrong ${name} fails, naming it`, () => {
    const { ok, output } = runBuild({ HANDBOOK_AUTH: 'local', [name]: value }, neverWritten);
    assert.equal(ok, false);
    assert.match(
      output,
      new RegExp(`${name} is "${value.replace(/[./]/g, '\\$&')}": it must be an absolute http\\(s\\) URL`),
    );
  });
}

test('a production build without the auth variables fails, naming each', () => {
  const { ok, output } = runBuild({}, neverWritten);
  assert.equal(ok, false);
  for (const name of [
    'HANDBOOK_AUTH_REGION',
    'HANDBOOK_AUTH_USER_POOL_ID',
    'HANDBOOK_AUTH_USER_POOL_CLIENT_ID',
    'HANDBOOK_AUTH_OAUTH_DOMAIN',
    'HANDBOOK_AUTH_REDIRECT_SIGN_IN',
    'HANDBOOK_AUTH_REDIRECT_SIGN_OUT',
  ]) {
    assert.match(output, new RegExp(`${name} is missing`));
  }
});

test(".env.example's pool, uncommented, stops a production build, naming each example value", () => {
  const example = readFileSync(path.join(projectDir, '.env.example'), 'utf8').replace(/^# (HANDBOOK_\w+=)/gm, '$1');
  const { ok, output } = runBuild({ ...(parseEnv(example) as Record<string, string>), HANDBOOK_AUTH: 'cognito' }, neverWritten);
  assert.equal(ok, false);
  assert.match(output, /HANDBOOK_AUTH_USER_POOL_ID is "us-east-1_AbCdEf123", the example's value/);
  assert.match(output, /HANDBOOK_URL is "https:\/\/handbook\.example\.com": handbook\.example\.com is an example name/);
});
