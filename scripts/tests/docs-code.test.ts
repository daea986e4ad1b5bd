import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkCodeBlocks } from '../docs-code';
import { fencedBlocks, withoutCodeBlocks } from '../docs-fences';
import { listDocs } from '../docs-rules';

/** A page whose block opens on line 7, so its first code line is line 8 of the file. */
const page = (language: string, code: string) =>
  `---\ntitle: T\ndescription: D\n---\n\nSome prose.\n\n\`\`\`${language}\n${code}\n\`\`\`\n`.replace(
    '\n\nSome',
    '\nSome',
  );

describe('every code block of the handbook parses', () => {
  const docsDir = path.resolve(__dirname, '../../docs');
  for (const file of listDocs(docsDir)) {
    test(path.relative(docsDir, file), async () => {
      assert.deepEqual(await checkCodeBlocks(path.relative(docsDir, file), readFileSync(file, 'utf8')), []);
    });
  }
});

describe('each language is parsed by its own parser, naming the file and line', () => {
  const cases = [
    { language: 'ruby', good: 'class A < B\n  def x = 1\nend', bad: 'def x\n  1 +\nend', line: 10 },
    { language: 'rb', good: 'foo(1, 2)', bad: 'foo(1,,2)', line: 8 },
    { language: 'json', good: '{\n  "a": 1\n}', bad: '{\n  "a": 1,\n}', line: 10 },
    { language: 'yaml', good: 'a: 1\nb:\n  - c', bad: 'a: 1\nb: [c\nd: 2', line: 10 },
    { language: 'yml', good: 'a: 1', bad: 'a: 1\n  b: 2', line: 8 },
    {
      language: 'hcl',
      good: 'resource "aws_s3_bucket" "x" {\n  bucket = "x"\n}',
      bad: 'resource "aws_s3_bucket" "x" {\n  bucket =\n}',
      line: 9,
    },
    { language: 'mermaid', good: 'flowchart LR\n  A["a"] --> B', bad: 'flowchart LR\n  A --> B[', line: 9 },
    { language: 'mermaid', good: 'sequenceDiagram\n  A->>B: hi', bad: 'flowchrt LR\n  A --> B', line: 8 },
  ];
  for (const { language, good, bad, line } of cases) {
    test(`${language}: "${bad.split('\n').at(-1)}" fails at line ${line}, the valid block passes`, async () => {
      assert.deepEqual(await checkCodeBlocks('docs/page.md', page(language, good)), []);
      const problems = await checkCodeBlocks('docs/page.md', page(language, bad));
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(
        problems[0],
        new RegExp(`^docs/page\\.md:${line}: (${language} block|Mermaid diagram) does not parse: \\S`),
      );
    });
  }

  test('a Ruby `def` without its `end` is named on the line of the `def`, not at the end of the block', async () => {
    const problems = await checkCodeBlocks(
      'docs/page.md',
      page('ruby', 'class A\n  def x\n    1\n  end\n\ndef y\n  2'),
    );
    assert.deepEqual(problems, [
      'docs/page.md:13: ruby block does not parse: expected an `end` to close the `def` statement',
    ]);
  });

  test('a longer fence holds a shorter one as its content, not as a block of its own', () => {
    const blocks = fencedBlocks('````md\n```mermaid\nflowchrt\n```\n````\n\n~~~json\n{}\n~~~\n');
    assert.deepEqual(
      blocks.map(({ language, line }) => ({ language, line })),
      [
        { language: 'md', line: 1 },
        { language: 'json', line: 7 },
      ],
    );
  });
});

describe('one fence grammar: the code blocks read and the prose left agree (CommonMark)', () => {
  const shapes = {
    'an indented fence': 'Prose before.\n\n   ```ruby\n   # not a heading\n   ```\n\nProse after.\n',
    'a longer closing fence': 'Prose before.\n\n```ruby\n# not a heading\n`````\n\nProse after.\n',
    'a fence that runs to the end': 'Prose before.\n\n~~~yaml\n# not a heading\n',
  };
  for (const [shape, markdown] of Object.entries(shapes)) {
    test(`${shape}: one block, and none of its lines left in the prose, each prose line in its place`, () => {
      assert.equal(fencedBlocks(markdown).length, 1, shape);
      assert.equal(fencedBlocks(markdown)[0].code.trim(), '# not a heading');
      const prose = withoutCodeBlocks(markdown);
      assert.doesNotMatch(prose, /not a heading|```|~~~/);
      assert.equal(prose.split('\n').length, markdown.split('\n').length);
      assert.deepEqual(
        prose.split('\n').flatMap((line, index) => (line ? [index] : [])),
        markdown.split('\n').flatMap((line, index) => (line.startsWith('Prose') ? [index] : [])),
      );
    });
  }

  test('a fence inside a nested list item and inside a blockquote is a block, on its line', () => {
    const markdown = [
      'Prose before.',
      '',
      '- Step one:',
      '  - Step two:',
      '',
      '    ```ruby',
      '    # not a heading in a list',
      '    ```',
      '',
      '> Quoted:',
      '>',
      '> ```yaml',
      '> # not a heading in a quote',
      '> ```',
      '',
      'Prose after.',
    ].join('\n');
    assert.deepEqual(fencedBlocks(markdown), [
      { language: 'ruby', code: '# not a heading in a list', line: 6 },
      { language: 'yaml', code: '# not a heading in a quote', line: 12 },
    ]);
    const prose = withoutCodeBlocks(markdown);
    assert.doesNotMatch(prose, /not a heading|```/);
    assert.match(prose, /Step two:[\s\S]*Quoted:[\s\S]*Prose after\./);
    assert.equal(prose.split('\n').length, markdown.split('\n').length);
  });

  test('a closing fence shorter than the opening one or of the other character does not close it', () => {
    const markdown = '````md\n```\n~~~~\nstill code\n````\nProse.\n';
    assert.deepEqual(
      fencedBlocks(markdown).map(({ code }) => code),
      ['```\n~~~~\nstill code'],
    );
    assert.equal(withoutCodeBlocks(markdown).trim(), 'Prose.');
  });
});
