/**
 * How the canon rules read a page: job class names, code spans, numbers and periods in words, fenced
 * blocks by language, the page's prose, and its prose as blocks under their headings. Shared by the
 * rules of `scripts/docs-canon.ts` and the reading of the canon itself.
 */
import { fencedBlocks, withoutCodeBlocks } from './docs-fences';
import { lineAt } from './docs-finding';

export const JOB_NAME = /\b(?:[A-Z][A-Za-z0-9]*::)*[A-Z][A-Za-z0-9]*Job\b/g;
/** One `...Job` class name, for a test rather than a search. */
const JOB_CLASS = new RegExp(JOB_NAME.source);
/** The base class every job inherits from is not a job of the canon. */
export const NOT_JOBS = new Set(['ApplicationJob', 'Base::ApplicationJob']);

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
};

export function toNumber(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word.toLowerCase()] ?? Number.NaN);
}

/** A number in digits or in words, as a capturing group. */
export const NUMBER = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;

/** "30 days", "six years" as "30 day", "6 year". */
export function periods(text: string): string[] {
  return [...text.matchAll(new RegExp(`\\b${NUMBER}\\s+(day|week|month|year)s?\\b`, 'gi'))].map(
    (match) => `${toNumber(match[1])} ${match[2].toLowerCase()}`,
  );
}

/** The contents of the text's inline code spans (`x`), none across a line break. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
}

/** Text with code spans blanked, so their dots, colons and digits are not read as prose. */
export function withoutSpans(text: string): string {
  return text.replace(/`[^`\n]*`/g, ' CODE ');
}

/** Sentences of a block; a table row is one sentence. */
export function sentences(block: string): string[] {
  if (block.startsWith('|')) return [block];
  return block.split(/(?<=[.!?])\s+(?=[A-Z`*[(])/);
}

/** Other names writers give a fence's language. */
const LANGUAGE_ALIASES: Record<string, string> = { yml: 'yaml', rb: 'ruby' };

export interface CodeBlock {
  language: string;
  code: string;
  /** The 1-based line of its opening fence: the code's line `n` is the page's line `line + n`. */
  line: number;
}

/** The page's fenced blocks, `yml` and `rb` read as `yaml` and `ruby`. */
export function codeBlocks(body: string): CodeBlock[] {
  return fencedBlocks(body).map(({ language, code, line }) => ({
    language: LANGUAGE_ALIASES[language] ?? language,
    code,
    line,
  }));
}

/** The page's line of `index` in a fenced block's code. */
export function lineInBlock(block: CodeBlock, index: number): number {
  return block.line + lineAt(block.code, index);
}

/** A piece of code on the page, and the page's line of an index in it. */
export interface CodeText {
  text: string;
  lineOf: (index: number) => number;
}

/** The code of every fenced block, then of every code span of the page (those inside blocks too). */
export function codeTexts(body: string): CodeText[] {
  return [
    ...codeBlocks(body).map((block) => ({ text: block.code, lineOf: (index: number) => lineInBlock(block, index) })),
    ...[...body.matchAll(/`([^`\n]+)`/g)].map((match) => ({ text: match[1], lineOf: () => lineAt(body, match.index) })),
  ];
}

/** The page's prose: fenced code, inline code, link targets and bare URLs removed, each line in its place. */
export function prose(body: string): string {
  return withoutCodeBlocks(body)
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)\n]*\)/g, '] ')
    .replace(/\bhttps?:\/\/\S+/g, ' ');
}

export interface ProseBlock {
  heading: string;
  /** The paragraph, list item or table row, code spans kept, its lines joined by spaces. */
  text: string;
  /** Whether its section, heading and code blocks included, names a `...Job` class. */
  sectionNamesJob: boolean;
  /** The page's line of a part of `text`, or of `text` with its spans blanked (`withoutSpans`); else its first line. */
  lineOf: (part: string) => number;
}

interface ReadBlock {
  heading: string;
  text: string;
  /** Where each of its lines starts in `text`, and that line's 1-based line in the page. */
  starts: { offset: number; line: number }[];
}

/** The first run of `part` that is not a blanked span, so that it can be found in the block's text. */
function findable(part: string): string {
  return part.split(/\s*CODE\s*/).find((piece) => piece.trim() !== '') ?? '';
}

function lineFinder({ text, starts }: ReadBlock): (part: string) => number {
  return (part) => {
    const at = Math.max(text.indexOf(findable(part).trim()), 0);
    return starts.filter(({ offset }) => offset <= at).at(-1)?.line ?? starts[0].line;
  };
}

/** The 1-based line after the front matter (`---` to `---`), or 1 without one. */
function firstBodyLine(lines: string[]): number {
  if (lines[0] !== '---') return 1;
  const end = lines.indexOf('---', 1);
  return end < 0 ? 1 : end + 2;
}

function readProseBlocks(body: string): ProseBlock[] {
  const blocks: ReadBlock[] = [];
  const sectionsNamingJobs = new Set<string>();
  let heading = '';
  let current: ReadBlock | undefined;
  const flush = () => {
    if (current) blocks.push(current);
    current = undefined;
  };
  const push = (line: string, number: number) => {
    current ??= { heading, text: '', starts: [] };
    current.starts.push({ offset: current.text.length + (current.text ? 1 : 0), line: number });
    current.text = current.text ? `${current.text} ${line}` : line;
  };
  const lines = body.split('\n');
  const markdown = withoutCodeBlocks(body).split('\n');
  for (let index = firstBodyLine(lines) - 1; index < lines.length; index += 1) {
    const line = markdown[index];
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (title) {
      flush();
      heading = title[1];
    } else if (line.trim() === '' || line.startsWith('|') || /^\s*(?:[-*+]|\d+\.)\s/.test(line)) {
      flush();
      if (line.trim() && !/^\|[\s|:-]+\|$/.test(line.trim())) push(line, index + 1);
      if (line.startsWith('|')) flush();
    } else {
      push(line, index + 1);
    }
    // A fenced block's lines count here too: a section whose code names a job names it.
    if (JOB_CLASS.test(lines[index])) sectionsNamingJobs.add(heading);
  }
  flush();
  return blocks.map((block) => ({
    heading: block.heading,
    text: block.text,
    sectionNamesJob: sectionsNamingJobs.has(block.heading),
    lineOf: lineFinder(block),
  }));
}

/** The last page read, so that the prose rules, run one after another on a page, read it once. */
let lastRead: { body: string; blocks: ProseBlock[] } | undefined;

/**
 * The page's prose as blocks: front matter and fenced code left out, each paragraph, list item and
 * table row one block, each under the heading above it.
 */
export function proseBlocks(body: string): ProseBlock[] {
  if (lastRead?.body !== body) lastRead = { body, blocks: readProseBlocks(body) };
  return lastRead.blocks;
}
