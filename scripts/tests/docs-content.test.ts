import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { checkDoc, countMermaid, listDocs, loadCanon, proseWords } from '../docs-rules';
import { messages } from './messages';

const docsDir = path.resolve(__dirname, '../../docs');
const docs = listDocs(docsDir);
const bodies = docs.map((file) => readFileSync(file, 'utf8'));

describe('every handbook page meets the content rules', () => {
  for (const file of docs) {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(messages(checkDoc(file)), []);
    });
  }
});

const canon = loadCanon();

describe('every handbook page agrees with system facts', () => {
  docs.forEach((file, index) => {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(messages(checkAgainstCanon(bodies[index], canon)), []);
    });
  });
});

describe('the handbook as a whole', () => {
  test('has at least 12 Mermaid diagrams', () => {
    const diagrams = bodies.reduce((sum, body) => sum + countMermaid(body), 0);
    assert.ok(diagrams >= 12, `${diagrams} diagrams`);
  });

  for (const language of ['ruby', 'hcl', 'json']) {
    test(`has ${language} code`, () => {
      assert.ok(bodies.some((body) => body.includes('```' + language)));
    });
  }
});

describe('the content rules themselves', () => {
  test('count prose, not code, inline code or link targets', () => {
    const body = 'One two `three four` [five](six/seven.md)\n\n```ruby\nputs eight\n```\n';
    assert.equal(proseWords(body), 3);
  });

  test('read "#" inside code as code, not as a page heading', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'handbook-doc-')), 'page.md');
    const prose = Array.from({ length: 210 }, () => 'word').join(' ');
    writeFileSync(
      file,
      `---\ntitle: T\ndescription: D\n---\n\n## Run\n\n${prose}\n\n\`\`\`bash\n# a comment\n\`\`\`\n`,
    );
    assert.deepEqual(messages(checkDoc(file)), []);
    writeFileSync(file, `---\ntitle: T\ndescription: D\n---\n\n# Title again\n\n## Run\n\n${prose}\n`);
    assert.deepEqual(messages(checkDoc(file)), ['a "#" heading: the title is the page heading']);
  });

  test('find Mermaid fences', () => {
    assert.equal(countMermaid('```mermaid\nflowchart LR\n```\n```ruby\n```\n'), 1);
  });
});
