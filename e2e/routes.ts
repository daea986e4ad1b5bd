/**
 * The routes the build must hold, derived from docs/ as Docusaurus derives them, so a new page needs
 * no edit here: a page per Markdown file (its front matter `slug`, else its path; a folder's `index`
 * or `README` is the folder's page) and a `/category/<label>` page per `_category_.json` with a
 * generated index. The sitemap must list exactly these, so a page the build lost fails the suite.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSlugger } from '@docusaurus/utils';
import matter from 'gray-matter';
import { fencedBlocks } from '../scripts/docs-fences';

const docsDir = path.resolve(__dirname, '../docs');

const files = readdirSync(docsDir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(path.sep).join('/'));

/** Docusaurus leaves out files and folders whose names start with `_` (partials, category files). */
const docFiles = files.filter(
  (file) => /\.mdx?$/.test(file) && !file.split('/').some((segment) => segment.startsWith('_')),
);

function docRoute(file: string): string {
  const folder = path.posix.dirname(file);
  const { slug } = matter(readFileSync(path.join(docsDir, file), 'utf8')).data as { slug?: unknown };
  if (typeof slug === 'string') return slug.startsWith('/') ? slug : path.posix.join('/', folder, slug);
  const name = path.posix.basename(file).replace(/\.mdx?$/, '');
  const isFolderPage = /^(index|readme)$/i.test(name) || name === path.posix.basename(folder);
  return path.posix.join('/', isFolderPage ? folder : path.posix.join(folder, name));
}

export const docRoutes = docFiles.map(docRoute);

const isDocFile = (file: string) => docFiles.includes(file);

type CategoryFile = { label?: string; link?: { type?: string; slug?: string } };

/** Docusaurus numbers repeated labels (`/category/processes-1`) in sidebar order; as a set, the order does not matter. */
const slugger = createSlugger();

const categoryRouteOf = new Map(
  files
    .filter((file) => path.posix.basename(file) === '_category_.json')
    .map((file) => [file, JSON.parse(readFileSync(path.join(docsDir, file), 'utf8')) as CategoryFile] as const)
    .filter(([, category]) => category.link?.type === 'generated-index')
    .map(([file, category]) => [file, category.link?.slug ?? `/category/${slugger.slug(category.label ?? '')}`]),
);

export const categoryRoutes = [...categoryRouteOf.values()];

/** The category pages the specification names: these must be built even if their folders go. */
export const specCategoryRoutes = [
  'care-management',
  ...numbered('decisions', 3),
  'how-we-work',
  'iam',
  'infrastructure',
  'integrations',
  'interop',
  'learning',
  'modules',
  'payers',
  ...numbered('processes', 5),
  'reporting',
  ...numbered('rfcs', 2),
  'sync',
].map((name) => `/category/${name}`);

/** A label and its repeats as Docusaurus numbers them: `processes`, `processes-1`, ... */
function numbered(name: string, repeats: number): string[] {
  return [name, ...Array.from({ length: repeats }, (_, index) => `${name}-${index + 1}`)];
}

/**
 * What a browser opens, a fixed few pages whatever the handbook's size: one page of each layout,
 * found in docs/ so none goes stale. Every route is built, and its links checked, by the build.
 */
export function layoutSample(): { layout: string; route: string }[] {
  const hasDiagram = (file: string) =>
    fencedBlocks(readFileSync(path.join(docsDir, file), 'utf8')).some(({ language }) => language === 'mermaid');
  const plainDoc = docFiles.find((file) => file.includes('/') && !hasDiagram(file));
  const diagramDoc = docFiles.find(hasDiagram);
  if (!plainDoc || !diagramDoc || !categoryRoutes.length) throw new Error('docs/ lacks a layout the sample covers');
  return [
    { layout: 'home', route: '/' },
    { layout: 'category', route: categoryRoutes[0] },
    { layout: 'doc', route: docRoute(plainDoc) },
    { layout: 'doc with a diagram', route: docRoute(diagramDoc) },
    { layout: 'search', route: '/search' },
  ];
}

/** Runs git in docs/'s repository; null when there is no git, no repository, or the command fails. */
function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: docsDir, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' });
  } catch {
    return null;
  }
}

/**
 * The routes of pages (and generated category pages) changed on this branch: committed since it
 * left main (`origin/main`, else `main`), changed in the working tree, or new. None in a clone
 * without history or without a main branch.
 */
export function changedRoutes(): string[] {
  const base = ['origin/main', 'main'].map((branch) => git('merge-base', 'HEAD', branch)?.trim()).find(Boolean);
  if (!base) return [];
  const topLevel = git('rev-parse', '--show-toplevel')?.trim();
  const listed = [
    ...(git('diff', '--name-only', base, '--', '.') ?? '').split('\n'),
    ...(git('ls-files', '--others', '--exclude-standard', '--full-name', '--', '.') ?? '').split('\n'),
  ];
  if (!topLevel) return [];
  const inDocs = listed
    .filter(Boolean)
    .map((file) => path.relative(docsDir, path.join(topLevel, file)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('..') && existsSync(path.join(docsDir, file)));
  const routes = inDocs.flatMap((file) => {
    if (isDocFile(file)) return [docRoute(file)];
    const category = categoryRouteOf.get(file);
    return category ? [category] : [];
  });
  return [...new Set(routes)];
}
