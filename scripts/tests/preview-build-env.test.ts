/**
 * `npm run build:preview`'s inputs and its last line (scripts/preview-build-env.ts): the build
 * variables preview-build.yml passes as one JSON value, and the serve line, which the server takes
 * as printed.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { serveOptionsFrom } from '../../gate/options';
import { buildVariablesFrom, serveLineFor } from '../preview-build-env';

test('the printed serve line is one `npm run serve` takes, naming the number and the folder built', () => {
  for (const [pullRequest, outDir] of [
    [42, 'build-preview'],
    [7, 'previews/pr 7'],
  ] as const) {
    const line = serveLineFor(pullRequest, outDir);
    assert.match(line, /^npm run serve -- --preview /);
    // What a shell hands npm after `--`: the quoted folder as one word.
    const words = line
      .slice('npm run serve -- '.length)
      .match(/'[^']*'|\S+/g)!
      .map((word) => word.replaceAll("'", ''));
    assert.deepEqual(serveOptionsFrom(words, {}).previews, [{ pullRequest, buildDir: path.resolve(outDir) }]);
  }
});

test('HANDBOOK_PREVIEW_BUILD_ENV gives the build its HANDBOOK_* variables, and anything else is named', () => {
  assert.deepEqual(buildVariablesFrom(undefined), {});
  assert.deepEqual(buildVariablesFrom('{"HANDBOOK_AUTH":"cognito","HANDBOOK_AUTH_REGION":"eu-west-1"}'), {
    HANDBOOK_AUTH: 'cognito',
    HANDBOOK_AUTH_REGION: 'eu-west-1',
  });
  assert.throws(
    () => buildVariablesFrom('HANDBOOK_AUTH=cognito'),
    /is not JSON: set it to what `npm run preview -- build-env` prints/,
  );
  assert.throws(() => buildVariablesFrom('{"NODE_OPTIONS":"--require x"}'), /"NODE_OPTIONS" is not/);
  assert.throws(() => buildVariablesFrom('{"HANDBOOK_URL":1}'), /"HANDBOOK_URL" is not/);
  assert.throws(() => buildVariablesFrom('[]'), /must be an object of HANDBOOK_\* variables/);
});
