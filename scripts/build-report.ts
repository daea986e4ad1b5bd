/**
 * What a failed `docusaurus build` found wrong in the pages, one line per fault, each naming its
 * source file: Docusaurus prints a broken Markdown link twice inside a stack trace, and a broken
 * route link by the page's URL. Output it does not recognise is left to be shown as it came.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const MARKDOWN_REFERENCE = /Markdown (link|image) with URL `([^`]+)` in source file "([^"]+)" \((\d+):(\d+)\)/g;
const MERMAID = /(\S+\.mdx?:\d+: Mermaid diagram does not parse: .*?)\s*$/gm;
const SOURCE_PAGE = /^\s*- Broken (link|anchor) on source page path = (\S+?):?$/;
const LINKING_TO = /^\s*-> linking to (\S+)/;

/**
 * The Markdown file, relative to the site, that a docs route comes from (docs are served from the
 * site root, so path = URL), or the route itself for a page without one (a category index).
 */
export function sourceOfRoute(route: string, siteDir: string, exists: (file: string) => boolean = existsSync): string {
  const base = route.replace(/^\/+|\/+$/g, '');
  const candidates = (
    base ? [`${base}.md`, `${base}.mdx`, `${base}/index.md`, `${base}/index.mdx`] : ['index.md', 'index.mdx']
  ).map((candidate) => `docs/${candidate}`);
  return candidates.find((candidate) => exists(path.join(siteDir, candidate))) ?? `the page at ${route}`;
}

/** Every fault in the output, once, in the order first seen; `siteDir` is where the site's `docs/` is. */
export function buildProblems(output: string, siteDir: string, exists?: (file: string) => boolean): string[] {
  const problems = new Set<string>();
  for (const [, kind, url, file, line, column] of output.matchAll(MARKDOWN_REFERENCE)) {
    problems.add(`${file}:${line}:${column}: broken ${kind} to ${url}`);
  }
  for (const [, problem] of output.matchAll(MERMAID)) problems.add(problem);
  let page: { kind: string; file: string } | undefined;
  for (const line of output.split('\n')) {
    const source = SOURCE_PAGE.exec(line);
    if (source) page = { kind: source[1], file: sourceOfRoute(source[2], siteDir, exists) };
    const target = LINKING_TO.exec(line);
    if (page && target) problems.add(`${page.file}: broken ${page.kind} to ${target[1]}`);
    else if (!source && !/^\s*$/.test(line)) page = undefined;
  }
  return [...problems];
}
