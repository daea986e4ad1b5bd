/**
 * Everything `npm run check:docs` finds wrong in some pages, all at once and each on its line: the
 * content rules, ownership, system facts, code blocks, and links, anchors and images (the faults
 * the build would otherwise report one build at a time). Pages' code blocks are parsed side by side,
 * so Mermaid's worker and the Ruby, HCL and YAML parsers run at the same time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Canon } from './docs-canon-facts';
import { checkAgainstCanon } from './docs-canon';
import { checkCodeBlocks } from './docs-code';
import { frontMatterProblem, readOwnership } from './docs-ownership';
import type { Finding } from './docs-finding';
import type { Problem } from './docs-problems';
import { checkDocText } from './docs-rules';

/**
 * The site a page belongs to, whose `docs/` and `static/` its links are judged against: the folder
 * holding the `docs/` folder it is in (a test's fixture site), else the project's.
 */
function siteDirOf(file: string): string {
  const parts = path.resolve(file).split(path.sep);
  const docs = parts.lastIndexOf('docs');
  return docs > 0 ? parts.slice(0, docs).join(path.sep) || path.sep : path.resolve(__dirname, '..');
}

/** `docs/x.md:17: ruby block does not parse: …` from `checkCodeBlocks`, as a problem. */
function codeProblem(text: string): Problem {
  const [, file, line, message] = /^(.*?):(\d+): ([\s\S]*)$/.exec(text) ?? [];
  return { file, line: Number(line), rule: 'code-blocks', message };
}

function asLinkProblem(problem: Problem): Problem {
  return { ...problem, rule: 'links' };
}

function byLine(a: Problem, b: Problem): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

/** Each page's problems, by the path it was given as, in the order of its lines. */
export async function pageProblems(
  files: string[],
  canon: Canon,
  /** Further page rules, each a page's text to its findings (the review interval, ACTOR, retention prefixes). */
  pageRules: Array<(source: string) => Finding[]> = [],
): Promise<Map<string, Problem[]>> {
  const codeChecks = files.map((file) => checkCodeBlocks(relativeName(file), readFileSync(file, 'utf8')));
  // Loaded once the code checks have started Mermaid's worker, which then loads beside it.
  const [{ checkLinks }, { readSite }] = await Promise.all([import('./docs-links'), import('./docs-site')]);
  const sites = new Map<string, ReturnType<typeof readSite>>();
  const siteOf = (file: string) => {
    const siteDir = siteDirOf(file);
    if (!sites.has(siteDir)) sites.set(siteDir, readSite(siteDir));
    return sites.get(siteDir) as ReturnType<typeof readSite>;
  };
  const results = new Map<string, Problem[]>();
  for (const file of files) {
    const absolute = path.resolve(file);
    const name = relativeName(file);
    const source = readFileSync(file, 'utf8');
    const unreadable = frontMatterProblem(source);
    if (unreadable) {
      results.set(file, [
        { file: name, rule: 'front-matter', ...unreadable },
        ...checkLinks(siteOf(file), absolute).map(asLinkProblem),
      ]);
      continue;
    }
    const findings = [
      ...checkDocText(source),
      ...readOwnership(source, canon.teams).problems,
      ...checkAgainstCanon(source, canon),
      ...pageRules.flatMap((rule) => rule(source)),
    ];
    results.set(file, [
      ...findings.map((finding) => ({ file: name, ...finding })),
      ...checkLinks(siteOf(file), absolute).map(asLinkProblem),
    ]);
  }
  const code = await Promise.all(codeChecks);
  for (const [index, file] of files.entries()) {
    results.set(file, [...(results.get(file) ?? []), ...code[index].map(codeProblem)].sort(byLine));
  }
  return results;
}

/** The page's path from its site's folder, as every message names it (`docs/...`); elsewhere as given. */
function relativeName(file: string): string {
  const fromSite = path.relative(siteDirOf(file), path.resolve(file));
  return fromSite.startsWith('..') ? file : fromSite.split(path.sep).join('/');
}
