/**
 * Every link, anchor and image of a page, judged as `docusaurus build` judges them, each fault with
 * its line and column and what to do: `.md` links as `@docusaurus/mdx-loader`'s
 * resolveMarkdownLinks plugin resolves them, images and asset links as its transformImage and
 * transformLinks plugins look for the file, and route links and `#anchors` as core's
 * server/brokenLinks.js checks the built pages.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseLocalURLPath, parseURLPath, resolveMarkdownLinkPathname, serializeURLPath } from '@docusaurus/utils';
import { applyTrailingSlash } from '@docusaurus/utils-common';
import type { DocsSite } from './docs-site';
import { withoutTrailingSlash } from './docs-site';
import type { Problem } from './docs-problems';

const MARKDOWN_FILE = /\.mdx?$/i;

/** The file under the site a link or image names (`@site/...`, `/static-path`, or beside the page). */
function localFile(site: DocsSite, page: string, pathname: string): string {
  if (pathname.startsWith('@site/')) return path.join(site.siteDir, pathname.slice('@site/'.length));
  // docusaurus.config.ts keeps the default `staticDirectories: ['static']`.
  if (pathname.startsWith('/')) return path.join(site.siteDir, 'static', pathname);
  return path.join(path.dirname(page), pathname);
}

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The page's heading ids, a few of them, for a message. */
function someAnchors(anchors: Set<string>): string {
  const list = [...anchors];
  if (!list.length) return 'it has no headings to link to';
  return `its headings are #${list.slice(0, 8).join(', #')}${list.length > 8 ? ', …' : ''}`;
}

/** The address of the page a `.md` link names (utils' resolveMarkdownLinkPathname, as mdx-loader calls it). */
function markdownPermalink(checker: Checker, pathname: string): string | null {
  const { site, file } = checker;
  return resolveMarkdownLinkPathname(pathname, {
    sourceFilePath: file,
    sourceToPermalink: site.sourceToPermalink,
    contentPaths: { contentPath: site.docsDir, contentPathLocalized: site.docsDir },
    siteDir: site.siteDir,
  });
}

interface Checker {
  site: DocsSite;
  file: string;
  route: string;
  /** A file's path as messages give it: from the site's folder, `docs/...`. */
  relative: (file: string) => string;
}

/** Whether `hash` is an anchor of the page served at `route` (brokenLinks.js, isAnchorBrokenLink). */
function anchorProblem(checker: Checker, url: string, route: string, hash: string): string | undefined {
  const target = checker.site.pageAt.get(withoutTrailingSlash(route));
  const anchors = target ? checker.site.linksOf(target.file).anchors : new Set<string>();
  if (anchors.has(hash) || anchors.has(decodeURIComponent(hash))) return undefined;
  const where = target ? checker.relative(target.file) : `the page at ${route}`;
  return `broken anchor to ${url}: ${where} has no heading with the id "${hash}"; ${someAnchors(anchors)}`;
}

function linkProblem(checker: Checker, url: string): string | undefined {
  const { site, file } = checker;
  if (!url) return 'a link with an empty URL: give it the target page, such as ./other-page.md';
  const local = parseLocalURLPath(url);
  if (!local) return undefined;
  if (MARKDOWN_FILE.test(local.pathname)) {
    const permalink = markdownPermalink(checker, local.pathname);
    if (!permalink) {
      const meant = checker.relative(path.join(path.dirname(file), decodeURIComponent(local.pathname)));
      return `broken link to ${url}: there is no page ${meant}; link to an existing page's .md file, relative to this page`;
    }
    return local.hash ? anchorProblem(checker, url, permalink, local.hash) : undefined;
  }
  const asset = path.extname(local.pathname) && !/\.(?:mdx?|html)$/.test(local.pathname);
  if (asset || local.pathname.startsWith('@site/')) {
    const target = localFile(site, file, decodeURIComponent(local.pathname));
    if (isFile(target)) return undefined;
    return `broken link to ${url}: there is no file ${checker.relative(target)}; add the file or correct the path`;
  }
  // Link applies `trailingSlash: false`, then brokenLinks.js resolves the link against the page's route.
  const resolved = parseURLPath(applyTrailingSlash(url, { trailingSlash: false, baseUrl: '/' }), checker.route);
  const pathnames = [resolved.pathname, decodeURI(resolved.pathname)].map(withoutTrailingSlash);
  if (!pathnames.some((pathname) => site.routes.has(pathname))) {
    const shown = serializeURLPath(resolved) === url ? '' : ` (resolved as ${serializeURLPath(resolved)})`;
    return `broken link to ${url}${shown}: no page is served there; link to the page's .md file, such as ./releases.md, and Docusaurus writes its address`;
  }
  // brokenLinks.js: an empty hash ("#", "/page#") is never reported.
  return resolved.hash ? anchorProblem(checker, url, resolved.pathname, resolved.hash) : undefined;
}

function imageProblem(checker: Checker, url: string): string | undefined {
  if (!url) return 'an image with an empty URL: give the image file, such as ./img/diagram.png';
  const local = parseLocalURLPath(url);
  if (!local) return undefined;
  const target = localFile(checker.site, checker.file, decodeURIComponent(local.pathname));
  if (existsSync(target)) return undefined;
  const where = local.pathname.startsWith('/') ? ' (a path from / is looked up in static/)' : '';
  return `broken image to ${url}: there is no file ${checker.relative(target)}${where}; add the image there or correct the path`;
}

/**
 * The link as the built page holds it, resolved against the page's route: a `.md` link as its
 * page's address, as brokenLinks.js reports it ("linking to ... (resolved as: ...)").
 */
function builtLink(checker: Checker, url: string): string | undefined {
  const local = parseLocalURLPath(url);
  if (!local) return undefined;
  let link = url;
  if (MARKDOWN_FILE.test(local.pathname)) {
    const permalink = markdownPermalink(checker, local.pathname);
    if (!permalink) return undefined;
    link = serializeURLPath({ ...local, pathname: permalink });
  }
  const resolved = parseURLPath(applyTrailingSlash(link, { trailingSlash: false, baseUrl: '/' }), checker.route);
  return serializeURLPath({ ...resolved, pathname: withoutTrailingSlash(resolved.pathname) });
}

/**
 * Where on the page at `file` the build's broken link to `target` (as the build resolved it) is,
 * with what `check:docs` says of it, or nothing when no link of the page resolves to it.
 */
export function locateBuiltLink(site: DocsSite, file: string, target: string): Problem | undefined {
  const page = site.pages.get(file);
  if (!page) return undefined;
  const checker: Checker = { site, file, route: page.route, relative: relativeTo(site) };
  const wanted =
    withoutTrailingSlash(target.replace(/[?#].*$/, '')) + target.slice(target.replace(/[?#].*$/, '').length);
  const found = site
    .linksOf(file)
    .references.find(({ kind, url }) => kind === 'link' && builtLink(checker, url) === wanted);
  if (!found) return undefined;
  const message = linkProblem(checker, found.url);
  return message ? { file: checker.relative(file), line: found.line, column: found.column, message } : undefined;
}

const relativeTo = (site: DocsSite) => (target: string) =>
  path.relative(site.siteDir, target).split(path.sep).join('/');

/** Every broken link, anchor and image of the page at `file`, in the order they appear. */
export function checkLinks(site: DocsSite, file: string): Problem[] {
  const page = site.pages.get(file);
  if (!page) return [];
  const relative = relativeTo(site);
  const checker: Checker = { site, file, route: page.route, relative };
  return site.linksOf(file).references.flatMap(({ kind, url, line, column }) => {
    const message = kind === 'image' ? imageProblem(checker, url) : linkProblem(checker, url);
    return message ? [{ file: relative(file), line, column, message }] : [];
  });
}
