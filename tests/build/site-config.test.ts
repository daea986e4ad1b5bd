import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runBuild } from './run-build';

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
