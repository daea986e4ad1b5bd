import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { withoutCodeBlocks } from '../scripts/docs-fences';

const docsDir = path.resolve(__dirname, '../docs');

/** A run of plain words: what renders identically in HTML, in a JS chunk and in the search index. */
const PLAIN_RUN = /[A-Za-z][A-Za-z ,]{48,}[A-Za-z]/g;

/** The prose lines of a markdown page: no front matter, code, tables, headings, markup or admonitions. */
function proseLines(markdown: string): string[] {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  return withoutCodeBlocks(body)
    .split('\n')
    .filter((line) => !/^\s*([|#<:]|import |export )/.test(line));
}

/** The page's longest run of plain words on one line: distinctive, and found verbatim once built. */
function distinctivePhrase(markdown: string): string | null {
  const runs = proseLines(markdown).flatMap((line) => line.match(PLAIN_RUN) ?? []);
  const longest = runs.map((run) => run.trim()).sort((a, b) => b.length - a.length)[0];
  return longest && longest.split(' ').length >= 8 ? longest : null;
}

/** Every documentation page with its distinctive phrase. */
export function docPhrases(): { page: string; phrase: string }[] {
  return readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => {
      const phrase = distinctivePhrase(readFileSync(path.join(docsDir, file), 'utf8'));
      if (!phrase) throw new Error(`docs/${file} has no line of plain prose to recognise it by`);
      return { page: file, phrase };
    });
}
