/**
 * The handbook as the build will publish it, read from `docs/` in well under a second: every page's
 * route, the generated `/category/...` index pages, and each page's heading anchors. It follows
 * Docusaurus 3.10's own rules, cited beside each, so that `check:docs` can judge links as the build
 * does (`tests/build/check-docs-agrees.test.ts` holds the two together on a fixture).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  aliasedSitePath,
  createSlugger,
  normalizeUrl,
  parseMarkdownHeadingId,
  resolvePathname,
} from '@docusaurus/utils';
import matter from 'gray-matter';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import { parse as parseYaml } from 'yaml';
import { fencedBlocks } from './docs-code';

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

export interface DocPage {
  /** Absolute path of the Markdown file. */
  file: string;
  /** The URL path it is served at, without a trailing slash (the site sets `trailingSlash: false`). */
  route: string;
  source: string;
  sidebarPosition?: number;
  label: string;
}

export interface DocsSite {
  siteDir: string;
  docsDir: string;
  /** Docs by absolute file path. */
  pages: Map<string, DocPage>;
  /** Every route of the site: its docs, its generated category pages and the search page. */
  routes: Set<string>;
  /** Docs by route. */
  pageAt: Map<string, DocPage>;
  /** Each doc's route by its `@site/docs/...` path, as resolveMarkdownLinkPathname takes them. */
  sourceToPermalink: Map<string, string>;
  /** The links and anchors of the page at `file`, read on first use. */
  linksOf(file: string): PageLinks;
}

/** `/a/b/` and `/a/b` are one route (`trailingSlash: false`, docusaurus.config.ts); `/` stays `/`. */
export function withoutTrailingSlash(route: string): string {
  return route.length > 1 ? route.replace(/\/+$/, '') : route;
}

/** plugin-content-docs lib/numberPrefix.js, DefaultNumberPrefixParser: `01-intro` is `intro`, position 1. */
function numberPrefix(name: string): { name: string; position?: number } {
  if (/^\d+[-_.]\d+/.test(name)) return { name };
  const match = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/.exec(name);
  return match ? { name: match[2], position: Number(match[1]) } : { name };
}

/** plugin-content-docs lib/docs.js, isCategoryIndex: `index`, `readme` or the folder's own name. */
function isCategoryIndex(fileName: string, folder: string): boolean {
  return ['index', 'readme', folder.toLowerCase()].includes(fileName.toLowerCase());
}

/** plugin-content-docs lib/slug.js, getSlug, with `routeBasePath: '/'`. */
function routeOf(source: string, frontMatter: Record<string, unknown>): string {
  const dir = path.posix.dirname(source);
  const fileName = path.posix.parse(source).name;
  const strippedDir = dir
    .split('/')
    .map((segment) => numberPrefix(segment).name)
    .join('/');
  const dirSlug = dir === '.' ? '/' : `/${strippedDir}/`;
  const slug = typeof frontMatter.slug === 'string' ? frontMatter.slug : undefined;
  const baseId = typeof frontMatter.id === 'string' ? frontMatter.id : numberPrefix(fileName).name;
  let docSlug: string;
  if (slug?.startsWith('/')) docSlug = slug;
  else if (!slug && isCategoryIndex(fileName, path.posix.basename(dir))) docSlug = dirSlug;
  else docSlug = resolvePathname(slug ?? baseId, dirSlug);
  return withoutTrailingSlash(normalizeUrl(['/', docSlug]));
}

interface CategoryMeta {
  label?: string;
  position?: number;
  link?: { type?: string; slug?: string; id?: string };
}

function categoryMeta(dir: string): CategoryMeta {
  for (const name of ['_category_.json', '_category_.yml', '_category_.yaml']) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    return (name.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as CategoryMeta;
  }
  return {};
}

interface SidebarItem {
  position?: number;
  source: string;
  category?: { label: string; generatedIndex?: string; items: SidebarItem[] };
}

/**
 * lodash `sortBy(items, ['position', 'source'])` as plugin-content-docs lib/sidebars/generator.js
 * sorts an autogenerated sidebar: by position, those without one last, then by file or folder name.
 */
function sortItems(items: SidebarItem[]): SidebarItem[] {
  const compare = (a?: number | string, b?: number | string) =>
    a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a < b ? -1 : 1;
  return items.sort((a, b) => compare(a.position, b.position) || compare(a.source, b.source));
}

/** The autogenerated sidebar of one folder (sidebars.ts: `{ type: 'autogenerated', dirName: '.' }`). */
function sidebarOf(dir: string, relative: string, pages: DocPage[]): SidebarItem[] {
  const items: SidebarItem[] = pages
    .filter((page) => path.posix.dirname(page.source) === relative)
    .map((page) => ({ position: page.sidebarPosition, source: path.posix.basename(page.source) }));
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const childRelative = relative === '.' ? entry.name : `${relative}/${entry.name}`;
    if (!pages.some((page) => page.source.startsWith(`${childRelative}/`))) continue;
    const meta = categoryMeta(path.join(dir, entry.name));
    const children = sidebarOf(path.join(dir, entry.name), childRelative, pages);
    // generator.js: without an explicit link, the folder's index page is the category's link and leaves its items.
    const linked =
      meta.link === undefined || meta.link.type === 'doc'
        ? pages.find(
            (page) =>
              path.posix.dirname(page.source) === childRelative &&
              (meta.link?.id
                ? path.posix.parse(page.source).name === meta.link.id
                : isCategoryIndex(path.posix.parse(page.source).name, entry.name)),
          )
        : undefined;
    const own = children.filter((item) => item.category || item.source !== path.posix.basename(linked?.source ?? ''));
    items.push({
      position: meta.position ?? linked?.sidebarPosition ?? numberPrefix(entry.name).position,
      source: entry.name,
      category: {
        label: meta.label ?? linked?.label ?? numberPrefix(entry.name).name,
        generatedIndex: meta.link?.type === 'generated-index' ? (meta.link.slug ?? '') : undefined,
        items: own,
      },
    });
  }
  return sortItems(items);
}

/**
 * Routes of generated index pages: `link.slug`, or `/category/<label>` through one slugger for the
 * whole sidebar in its order, so a second "Processes" is `/category/processes-1`
 * (plugin-content-docs lib/sidebars/postProcessor.js; lib/versions/loadVersion.js makes one slugger).
 */
function categoryRoutes(items: SidebarItem[], slugger = createSlugger()): string[] {
  return items.flatMap(({ category }) => {
    if (!category) return [];
    const own =
      category.generatedIndex === undefined
        ? []
        : [category.generatedIndex || `/category/${slugger.slug(category.label)}`];
    const nested = categoryRoutes(category.items, slugger);
    // An empty generated index is dropped (postProcessor.js), after its slug was taken.
    return [...(category.items.length ? own : []), ...nested].map((route) =>
      withoutTrailingSlash(normalizeUrl(['/', route])),
    );
  });
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

function listMarkdown(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listMarkdown(full);
    // plugin-content-docs' default `exclude`: files and folders starting with `_` are not pages.
    return /\.mdx?$/.test(entry.name) && !entry.name.startsWith('_') ? [full] : [];
  });
}

/** The site whose pages are in `<siteDir>/docs`. */
export function readSite(siteDir: string): DocsSite {
  const docsDir = path.join(siteDir, 'docs');
  const pages = new Map<string, DocPage>();
  for (const file of listMarkdown(docsDir)) {
    const { data } = matter(readFileSync(file, 'utf8'), {});
    // A draft is left out of a production build.
    if (data.draft === true) continue;
    const source = path.relative(docsDir, file).split(path.sep).join('/');
    const { position } = numberPrefix(path.posix.parse(source).name);
    pages.set(file, {
      file,
      source,
      route: routeOf(source, data),
      sidebarPosition: typeof data.sidebar_position === 'number' ? data.sidebar_position : position,
      label: String(data.sidebar_label ?? data.title ?? path.posix.parse(source).name),
    });
  }
  const routes = new Set([...pages.values()].map((page) => page.route));
  for (const route of categoryRoutes(sidebarOf(docsDir, '.', [...pages.values()]))) routes.add(route);
  // @easyops-cn/docusaurus-search-local adds the search page (dist/server/server/index.js, addRoute).
  routes.add('/search');
  const read = new Map<string, PageLinks>();
  return {
    siteDir,
    docsDir,
    pages,
    routes,
    pageAt: new Map([...pages.values()].map((page) => [page.route, page])),
    sourceToPermalink: new Map([...pages.values()].map((page) => [aliasedSitePath(page.file, siteDir), page.route])),
    linksOf(file) {
      let links = read.get(file);
      if (!links) {
        links = readPageLinks(readFileSync(file, 'utf8'));
        read.set(file, links);
      }
      return links;
    },
  };
}
