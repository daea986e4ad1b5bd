/**
 * A handbook `factor` times today's, for the growth bench (`npm run bench -- --scale N`): a copy of
 * the project whose docs/ holds today's docs as they are plus `factor - 1` copies of them, each
 * its own top section (`docs/copy-<n>/`, "Handbook copy <n>", a search context of its own). Links
 * between pages are relative, so each copy's links, diagrams and code stay valid inside it; a
 * page's absolute `slug` is moved under its copy. The build checks every link, as it does today's.
 *
 * A copy's prose lines have their words in an order of the copy's own (headings, code, diagrams,
 * tables and links untouched): same vocabulary, same index terms, but text that compresses as
 * different pages do. Byte-identical copies would shrink to almost nothing under brotli, whose
 * window reaches back over a whole copy of the search index, and understate what readers download.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkAgainstCanon } from '../scripts/docs-canon';
import { readCanon } from '../scripts/docs-canon-facts';
import { withoutCodeBlocks } from '../scripts/docs-fences';
import { CANON_FILE } from '../scripts/docs-rules';

/** What the copy of the project leaves out: generated or machine-local, never needed to build or test. */
const LEFT_OUT = new Set([
  'node_modules',
  'build',
  '.docusaurus',
  '.git',
  'test-results',
  'test-results-dev',
  'playwright-report',
  'playwright-report-dev',
  'blob-report',
  'playwright',
]);

/** Moves every absolute front-matter slug of a copied page under its copy's folder. */
function withSlugUnder(markdown: string, folder: string): string {
  return markdown.replace(/^(---\n[\s\S]*?\n)slug: \/(.*)\n/m, (_, head: string, rest: string) =>
    rest ? `${head}slug: /${folder}/${rest}\n` : `${head}slug: /${folder}\n`,
  );
}

/** A deterministic random sequence for a copy (mulberry32). */
function randomFor(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A line's words: runs of characters in which a link, an image, inline code, an HTML tag or an
 * emphasis counts as one character, so no shuffle splits one (Markdown that still lints).
 */
const WORDS = /(?:!?\[[^\]]*\]\([^)]*\)|`[^`]*`|<[^>]*>|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|(?<!\w)_[^_\s][^_]*_(?!\w)|\S)+/g;
/** Lines left as they are: headings (anchors link to them), tables, HTML, admonitions, quotes, link definitions. */
const KEPT_LINE = /^\s*([|#<:>]|\[[^\]]+\]:)/;

/** The markdown with each prose line's words after the first shuffled; front matter and code kept. */
function reorderProse(markdown: string, random: () => number): string {
  let frontMatter = false;
  // A fenced block's lines (fences too) are blank here, wherever the block stands.
  const prose = withoutCodeBlocks(markdown).split('\n');
  return markdown
    .split('\n')
    .map((line, index) => {
      if (index === 0 && line === '---') frontMatter = true;
      else if (frontMatter) frontMatter = line !== '---';
      const fenced = prose[index] === '' && line !== '';
      if (frontMatter || fenced || line === '---' || KEPT_LINE.test(line)) return line;
      const [, lead, rest] = /^(\s*(?:(?:[-*+]|\d+\.)\s+)?)(.*)$/.exec(line) as RegExpExecArray;
      const words = rest.match(WORDS) ?? [];
      if (words.length < 4) return line;
      // The first word stays first: whatever a line may start with (a list marker, a heading's
      // `#`) is never moved there.
      const tail = words.slice(1);
      for (let last = tail.length - 1; last > 0; last -= 1) {
        const other = Math.floor(random() * (last + 1));
        [tail[last], tail[other]] = [tail[other], tail[last]];
      }
      return `${lead}${[words[0], ...tail].join(' ')}`;
    })
    .join('\n');
}

type SystemFacts = ReturnType<typeof readCanon>;

/**
 * A copy's page: its prose reordered, but never into a claim the content checks refuse where the
 * page passed them (a shuffle can put "one" before "container", or a name in backticks before
 * "role"); such an order is drawn again, and after 20 draws the page is copied as it is.
 */
function reorderedPage(markdown: string, random: () => number, canon: SystemFacts): string {
  const known = new Set(checkAgainstCanon(markdown, canon).map(({ message }) => message));
  for (let draw = 0; draw < 20; draw += 1) {
    const reordered = reorderProse(markdown, random);
    if (checkAgainstCanon(reordered, canon).every(({ message }) => known.has(message))) return reordered;
  }
  return markdown;
}

function copyDocsInto(docsDir: string, folder: string, copyNumber: number, canon: SystemFacts): void {
  const target = path.join(docsDir, folder);
  for (const entry of readdirSync(docsDir)) {
    if (!entry.startsWith('copy-')) cpSync(path.join(docsDir, entry), path.join(target, entry), { recursive: true });
  }
  const random = randomFor(copyNumber);
  for (const file of readdirSync(target, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!/\.mdx?$/.test(file)) continue;
    const full = path.join(target, file);
    writeFileSync(full, reorderedPage(withSlugUnder(readFileSync(full, 'utf8'), folder), random, canon));
  }
  // Last in the sidebar, after the handbook's own sections; its index page is the section's page.
  writeFileSync(
    path.join(target, '_category_.json'),
    `${JSON.stringify({ label: `Handbook copy ${copyNumber}`, position: 1000 + copyNumber }, null, 2)}\n`,
  );
}

/**
 * Writes the project into `targetDir` with docs `factor` times today's. Its `node_modules` is a
 * folder of links to the project's packages but `.cache`, so build caches (Rspack's, the
 * precompression cache) belong to the copy.
 */
export function writeScaledProject(projectDir: string, targetDir: string, factor: number): void {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`--scale must be a whole number ≥ 1, got ${factor}`);
  mkdirSync(targetDir, { recursive: true });
  for (const entry of readdirSync(projectDir)) {
    if (!LEFT_OUT.has(entry)) cpSync(path.join(projectDir, entry), path.join(targetDir, entry), { recursive: true });
  }
  mkdirSync(path.join(targetDir, 'node_modules'));
  for (const name of readdirSync(path.join(projectDir, 'node_modules'))) {
    if (name !== '.cache')
      symlinkSync(path.join(projectDir, 'node_modules', name), path.join(targetDir, 'node_modules', name));
  }
  const docsDir = path.join(targetDir, 'docs');
  const canon = readCanon(readFileSync(CANON_FILE, 'utf8'));
  for (let copyNumber = 2; copyNumber <= factor; copyNumber += 1)
    copyDocsInto(docsDir, `copy-${copyNumber}`, copyNumber, canon);
  // A repository of one commit: pages get their "last updated" dates, as in a clone of the project.
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...args], {
      cwd: targetDir,
      stdio: 'ignore',
    });
  git('init', '--quiet');
  git('add', '--all');
  git('commit', '--quiet', '--message', `The handbook at ${factor}x`);
}

/** The number of pages a docs folder makes (Markdown files not in a `_` folder or named `_...`). */
export function countPages(docsDir: string): number {
  return readdirSync(docsDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.mdx?$/.test(file) && !file.split(path.sep).some((segment) => segment.startsWith('_')),
  ).length;
}
