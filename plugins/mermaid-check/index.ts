/**
 * One Mermaid validator for the build and `npm run check:docs`: `mermaidProblem` parses a diagram
 * with Mermaid's own parser (in a worker, see `worker.mjs`), and `remarkMermaidCheck`, registered
 * in `docusaurus.config.ts`, fails the build on a diagram that does not parse, naming the file and
 * line, instead of showing readers Mermaid's red error box.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

interface ParseReply {
  id: number;
  error?: { message: string; line?: number };
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, (reply: ParseReply) => void>();

function parser(): Worker {
  if (worker) return worker;
  const started = new Worker(path.join(__dirname, 'worker.mjs'));
  started.on('message', (reply: ParseReply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
    // An idle worker must not keep `check:docs` or the build from exiting.
    if (pending.size === 0) started.unref();
  });
  started.on('error', (error) => {
    for (const [id, settle] of pending)
      settle({ id, error: { message: `the Mermaid parser stopped: ${error.message}` } });
    pending.clear();
    worker = undefined;
  });
  worker = started;
  return started;
}

/**
 * Mermaid's own message on one line: its caret drawing and its own line count (which counts from the
 * diagram, and sometimes names the line after the fault) give way to the file's line.
 */
function oneLine(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s*(\.\.\.|-+\^)/.test(line))
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')
    .replace(/^Parsing failed:\s*/, '')
    .replace(/^Parse error on line \d+(, column \d+)?:\s*/, '');
}

/**
 * Why a diagram does not parse, with the line of the diagram the parser points at (1-based), or
 * undefined when it parses.
 */
export async function mermaidProblem(code: string): Promise<{ message: string; line?: number } | undefined> {
  const running = parser();
  const id = nextId++;
  const reply = await new Promise<ParseReply>((resolve) => {
    pending.set(id, resolve);
    running.ref();
    running.postMessage({ id, code });
  });
  return reply.error && { message: oneLine(reply.error.message), line: reply.error.line };
}

/** "docs/x.md:17: Mermaid diagram does not parse: …", the line being the file's, where the parser says. */
export function mermaidError(file: string, fenceLine: number, problem: { message: string; line?: number }): string {
  const line = fenceLine + (problem.line ?? 1);
  return `${file}:${line}: Mermaid diagram does not parse: ${problem.message}`;
}

interface MarkdownNode {
  type: string;
  lang?: string | null;
  value?: string;
  position?: { start: { line: number } };
  children?: MarkdownNode[];
}

function mermaidBlocks(node: MarkdownNode): MarkdownNode[] {
  if (node.type === 'code' && node.lang === 'mermaid') return [node];
  return (node.children ?? []).flatMap(mermaidBlocks);
}

/** Remark plugin: every ```mermaid block of a page must parse, or the page fails to compile. */
export function remarkMermaidCheck() {
  return async (tree: MarkdownNode, file: { path?: string; cwd?: string }) => {
    const source = file.path ? path.relative(file.cwd ?? process.cwd(), file.path) : 'a page';
    const errors: string[] = [];
    for (const block of mermaidBlocks(tree)) {
      const problem = await mermaidProblem(block.value ?? '');
      if (problem) errors.push(mermaidError(source, block.position?.start.line ?? 0, problem));
    }
    if (errors.length) throw pageFault(errors.join('\n'));
  };
}

/**
 * An error for a fault in a page, not in the code: no stack. Docusaurus's MDX loader prints a
 * page's error as `Cause: <message>` and then `Details:` with its stack, which starts with the
 * message again (`@docusaurus/mdx-loader`, lib/utils.js), so `npm start` printed each fault twice
 * with four frames of the plugin under it (newcomer review 4).
 */
export function pageFault(message: string): Error {
  const error = new Error(message);
  error.stack = '';
  return error;
}
