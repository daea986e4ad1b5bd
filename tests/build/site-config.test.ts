import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildWithEnvironment } from './run-build';

for (const [name, value] of [
  ['HANDBOOK_URL', 'handbook.example.com'],
  ['HANDBOOK_REPO_URL', 'ftp://git.example.com/handbook'],
]) {
  test(`a build with a wrong ${name} fails, naming it`, () => {
    const { status, output } = buildWithEnvironment({ HANDBOOK_AUTH: 'local', [name]: value });
    assert.notEqual(status, 0);
    assert.match(
      output,
      new RegExp(`${name} is "${value.replace(/[./]/g, '\\$&')}": it must be an absolute http\\(s\\) URL`),
    );
  });
}
