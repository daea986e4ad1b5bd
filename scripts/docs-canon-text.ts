/**
 * How the canon rules read a page: job class names, code spans, numbers and periods in words, fenced
 * blocks by language, the page's prose, and its prose as blocks under their headings. Shared by the
 * rules of `scripts/docs-canon.ts` and the reading of the canon itself.
 */
import { fencedBlocks, withoutCodeBlocks } from './docs-code';

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
}

/** The page's fenced blocks, `yml` and `rb` read as `yaml` and `ruby`. */
export function codeBlocks(body: string): CodeBlock[] {
  return fencedBlocks(body).map(({ language, code }) => ({ language: LANGUAGE_ALIASES[language] ?? language, code }));
}

/** The page's prose: fenced code, inline code, link targets and bare URLs removed. */
export function prose(body: string): string {
  return withoutCodeBlocks(body)
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/\bhttps?:\/\/\S+/g, ' ');
}

export interface ProseBlock {
  heading: string;
  /** The paragraph, list item or table row, code spans kept. */
  text: string;
  /** Whether its section, heading and code blocks included, names a `...Job` class. */
  sectionNamesJob: boolean;
}

function readProseBlocks(body: string): ProseBlock[] {
  const blocks: Omit<ProseBlock, 'sectionNamesJob'>[] = [];
  const sectionsNamingJobs = new Set<string>();
  let heading = '';
  let fence = '';
  let current: string[] = [];
  const flush = () => {
    if (current.length) blocks.push({ heading, text: current.join(' ') });
    current = [];
  };
  for (const line of body.replace(/^---\n[\s\S]*?\n---\n/, '').split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = '';
    } else if (marker) {
      flush();
      fence = marker;
    } else if (title) {
      flush();
      heading = title[1];
    } else if (line.trim() === '' || line.startsWith('|') || /^\s*(?:[-*+]|\d+\.)\s/.test(line)) {
      flush();
      if (line.trim() && !/^\|[\s|:-]+\|$/.test(line.trim())) current.push(line);
      if (line.startsWith('|')) flush();
    } else {
      current.push(line);
    }
    if (JOB_CLASS.test(line)) sectionsNamingJobs.add(heading);
  }
  flush();
  return blocks.map((block) => ({ ...block, sectionNamesJob: sectionsNamingJobs.has(block.heading) }));
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
