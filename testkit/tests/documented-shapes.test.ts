/** Every fixture of AWS's and GitHub's payloads names the documentation page it was copied from. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { citationProblem, documentedShape, SHAPES_DIR, shapeNames } from '../documented-shapes/shapes';

test('every documented shape names its page and says what was copied', () => {
  assert.ok(shapeNames().length > 0);
  for (const name of shapeNames()) {
    const shape = JSON.parse(readFileSync(path.join(SHAPES_DIR, `${name}.json`), 'utf8')) as object;
    assert.equal(citationProblem(shape), null, name);
  }
});

test('a fixture that names no page, or a page outside the providers’ documentation, is refused', () => {
  assert.match(citationProblem({ copied: 'x' }) ?? '', /names no documentation page/);
  assert.match(
    citationProblem({ documentation: [{ title: 'A blog', url: 'https://example.com/post' }], copied: 'x' }) ?? '',
    /not a titled page of docs.github.com or docs.aws.amazon.com/,
  );
  assert.throws(() => documentedShape('no-such-shape'), /ENOENT/);
});
