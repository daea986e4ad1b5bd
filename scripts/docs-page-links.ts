/**
 * What links need of a page: its links, images and link definitions with their line and column,
 * and its heading anchors, read as Docusaurus's Markdown parser (micromark, through mdx-loader)
 * reads them. Used by `docs-site.ts`.
 */
import { createSlugger, parseMarkdownHeadingId } from '@docusaurus/utils';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import { fencedBlocks } from './docs-fences';

/** A link, image or link reference definition of a page, where it starts. */
export interface Reference {
  kind: 'link' | 'image';
  url: string;
  line: number;
  column: number;
}

/** What links need of a page: its references and its heading anchors. */
export interface PageLinks {
  references: Reference[];
  anchors: Set<string>;
}

/** Every node of the tree, depth first, in document order. */
function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* walk(child);
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/**
 * The page's lines with front matter and fenced code blanked out (their count kept, so positions
 * stay the file's), in runs of non-blank lines: the blocks of its Markdown.
 */
function markdownBlocks(source: string): { start: number; lines: string[] }[] {
  const lines = source.split('\n');
  const blank = new Set<number>();
  const frontMatterEnd =
    lines[0]?.trim() === '---' ? lines.findIndex((line, index) => index > 0 && line.trim() === '---') : -1;
  for (let index = 0; index <= frontMatterEnd; index += 1) blank.add(index);
  for (const { line, code } of fencedBlocks(source)) {
    const last = line + (code === '' ? 0 : code.split('\n').length);
    for (let index = line - 1; index <= last; index += 1) blank.add(index);
  }
  const blocks: { start: number; lines: string[] }[] = [];
  lines.forEach((line, index) => {
    if (blank.has(index) || line.trim() === '') return;
    const previous = blocks.at(-1);
    if (previous && previous.start + previous.lines.length === index) previous.lines.push(line);
    else blocks.push({ start: index, lines: [line] });
  });
  return blocks;
}

/**
 * A page's links, images and heading ids, as Docusaurus's Markdown parser finds them. Parsing a
 * whole page with micromark costs about 10 ms, so only the blocks that can hold a link (`](`, `]:`)
 * are parsed, each alone, and headings are read by their line (ATX `##` headings, and setext ones).
 */
export function readPageLinks(source: string): PageLinks {
  const references: Reference[] = [];
  const slugger = createSlugger();
  const anchors = new Set<string>();
  for (const block of markdownBlocks(source)) {
    const text = block.lines.join('\n');
    if (text.includes('](') || text.includes(']:')) {
      for (const node of walk(fromMarkdown(text))) {
        if (node.type !== 'link' && node.type !== 'definition' && node.type !== 'image') continue;
        const start = node.position?.start ?? { line: 1, column: 1 };
        references.push({
          kind: node.type === 'image' ? 'image' : 'link',
          url: node.url,
          line: block.start + start.line,
          column: start.column,
        });
      }
    }
    block.lines.forEach((line, index) => {
      const atx = HEADING.exec(line);
      const setext = index + 1 < block.lines.length && /^ {0,3}(?:=+|-+)[ \t]*$/.test(block.lines[index + 1]);
      const underline = index > 0 && /^ {0,3}(?:=+|-+)[ \t]*$/.test(line) && !HEADING.test(block.lines[index - 1]);
      if (underline) return;
      if (atx) addAnchor(atx[2] ?? '', atx[1].length, slugger, anchors);
      else if (setext && !HEADING.test(line)) addAnchor(line.trim(), 2, slugger, anchors);
    });
  }
  return { references, anchors };
}

/**
 * A heading's id as `@docusaurus/mdx-loader`'s headings plugin gives it: `{#custom-id}` or
 * `<!-- #custom-id -->` as written, otherwise the slug of the heading's text (its HTML left out),
 * `-1`, `-2` for repeats. Theme-classic's Heading collects no anchor for an h1.
 */
function addAnchor(markdown: string, depth: number, slugger: ReturnType<typeof createSlugger>, anchors: Set<string>) {
  const heading = fromMarkdown(markdown).children[0];
  const inline = heading && 'children' in heading ? heading.children : [];
  const textNodes = inline.filter((child) => child.type !== 'html');
  const text = toString(textNodes.length ? textNodes : inline);
  const last = inline.at(-1);
  const comment = last?.type === 'html' ? /^<!--\s*#(\S+)[\s\S]*-->$/.exec(last.value)?.[1] : undefined;
  const id = comment ?? parseMarkdownHeadingId(text).id ?? slugger.slug(text);
  if (depth > 1) anchors.add(id);
}
