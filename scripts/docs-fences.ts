/**
 * A page's fenced code blocks, as the site's own Markdown parser (micromark, through
 * `mdast-util-from-markdown`) reads them, and its text with them blanked. Kept apart from the code
 * checks (`docs-code.ts`) so the browser tests and the bench read fences without loading any parser
 * of a block's language.
 */
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

export interface CodeBlock {
  language: string;
  code: string;
  /** The 1-based line of the opening fence in the file. */
  line: number;
}

/** A fenced block's place in the file: 0-based lines of its opening fence and of its closing fence. */
interface FenceSpan {
  language: string;
  code: string;
  open: number;
  /** The closing fence's line, or the last line of the block's container when it is not closed. */
  close: number;
}

/** Every node of the tree, depth first, in document order. */
function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* walk(child);
}

/** The last page read, so that the rules run one after another on a page parse it once. */
let lastRead: { markdown: string; spans: FenceSpan[] } | undefined;

/**
 * Fenced blocks as CommonMark reads them (spec 0.31, "Fenced code blocks"), by the parser the site
 * itself uses (micromark, through `mdast-util-from-markdown`): wherever a block may stand, in a list
 * item or a blockquote too, a longer fence enclosing shorter ones as its content. An indented code
 * block is not fenced and is left out, as before.
 */
function fenceSpans(markdown: string): FenceSpan[] {
  if (lastRead?.markdown === markdown) return lastRead.spans;
  const spans: FenceSpan[] = [];
  for (const node of walk(fromMarkdown(markdown))) {
    if (node.type !== 'code' || !node.position) continue;
    const { start, end } = node.position;
    if (!/^[`~]{3}/.test(markdown.slice(start.offset))) continue;
    spans.push({
      language: (node.lang ?? '').toLowerCase(),
      code: node.value,
      open: start.line - 1,
      close: end.line - 1,
    });
  }
  lastRead = { markdown, spans };
  return spans;
}

/**
 * The body with every fenced block's lines (fences included) blanked, since their lines (such as
 * `# comments`) are not Markdown; each line keeps its place, so a line number found in the result
 * is the line in the body.
 */
export function withoutCodeBlocks(body: string): string {
  const lines = body.split('\n');
  for (const { open, close } of fenceSpans(body)) {
    for (let line = open; line <= Math.min(close, lines.length - 1); line += 1) lines[line] = '';
  }
  return lines.join('\n');
}

/** Fenced blocks of a Markdown file, a longer fence enclosing shorter ones as its content. */
export function fencedBlocks(markdown: string): CodeBlock[] {
  return fenceSpans(markdown).map(({ language, code, open }) => ({ language, code, line: open + 1 }));
}
