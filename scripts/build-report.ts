/**
 * What a failed `docusaurus build` found wrong in the pages, one problem per fault, each naming its
 * source file and line: Docusaurus prints a broken Markdown link twice inside a stack trace, and a
 * broken route link or anchor by the page's URL, without a line; that line is found by reading the
 * page's links as `check:docs` does (`docs-links.ts`). Output it does not recognise is left to be
 * shown as it came.
 */
import path from 'node:path';
import { checkLinks, locateBuiltLink } from './docs-links';
import type { Problem } from './docs-problems';
import type { DocsSite } from './docs-site';
import { readSite } from './docs-site';

const MARKDOWN_REFERENCE = /Markdown (link|image) with URL `([^`]+)` in source file "([^"]+)" \((\d+):(\d+)\)/g;
const MERMAID = /(\S+\.mdx?):(\d+): (Mermaid diagram does not parse: .*?)\s*$/gm;
const SOURCE_PAGE = /^\s*- Broken (link|anchor) on source page path = (\S+?):?$/;
const LINKING_TO = /^\s*-> linking to (\S+)(?: \(resolved as: (\S+)\))?/;

/** A broken route link or anchor on the page at `route`, on its line where the page's links show it. */
function routeProblem(site: DocsSite, route: string, kind: string, link: string, resolved: string): Problem {
  const page = site.pageAt.get(route.length > 1 ? route.replace(/\/+$/, '') : route);
  const file = page ? path.relative(site.siteDir, page.file).split(path.sep).join('/') : `the page at ${route}`;
  const located = page && locateBuiltLink(site, page.file, resolved);
  return located ?? { file, message: `broken ${kind} to ${link}` };
}

/** Every fault in the output, once, in the order first seen; `siteDir` is where the site's `docs/` is. */
export function buildProblems(output: string, siteDir: string): Problem[] {
  const problems = new Map<string, Problem>();
  // The rule check:docs names for the same fault (docs-page-problems.ts), so both print it alike.
  const add = (problem: Problem, rule: 'links' | 'code-blocks' = 'links') =>
    problems.set(JSON.stringify(problem), { ...problem, rule });
  let site: DocsSite | undefined;
  // Read only when the output names a fault in the pages.
  const siteOf = () => (site ??= readSite(siteDir));
  for (const [, kind, url, file, line, column] of output.matchAll(MARKDOWN_REFERENCE)) {
    const problem = { file, line: Number(line), column: Number(column), message: `broken ${kind} to ${url}` };
    // check:docs' message for the same link says what to do.
    const same = checkLinks(siteOf(), path.resolve(siteDir, file)).find(
      (found) => found.line === problem.line && found.column === problem.column,
    );
    add(same ?? problem);
  }
  for (const [, file, line, message] of output.matchAll(MERMAID))
    add({ file, line: Number(line), message }, 'code-blocks');
  let page: { kind: string; route: string } | undefined;
  for (const line of output.split('\n')) {
    const source = SOURCE_PAGE.exec(line);
    if (source) page = { kind: source[1], route: source[2] };
    const target = LINKING_TO.exec(line);
    if (page && target) {
      add(routeProblem(siteOf(), page.route, page.kind, target[1], target[2] ?? target[1]));
    } else if (!source && !/^\s*$/.test(line)) page = undefined;
  }
  return [...problems.values()];
}
