import assert from 'node:assert/strict';
import { test } from 'node:test';
import { remarkMermaidCheck } from '../index';

const brokenDiagram = {
  type: 'root',
  children: [{ type: 'code', lang: 'mermaid', value: 'flowchart LR\n  A --> B[', position: { start: { line: 10 } } }],
};

test('a diagram that does not parse fails the page once: its message, and no stack to repeat it', async () => {
  const check = remarkMermaidCheck();
  const error = await check(brokenDiagram, { path: '/site/docs/page.md', cwd: '/site' }).then(
    () => assert.fail('the page compiled'),
    (thrown: unknown) => thrown as Error,
  );
  assert.match(error.message, /^docs\/page\.md:1[12]: Mermaid diagram does not parse: /);
  assert.equal(error.message.split('\n').length, 1);
  // Docusaurus's MDX loader prints `Cause: <message>`, then `Details:` and the stack.
  assert.equal(error.stack, '');
});
