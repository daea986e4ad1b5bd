/**
 * The routes the build must hold, derived from docs/ as Docusaurus derives them, so a new page needs
 * no edit here: a page per Markdown file (its front matter `slug`, else its path; a folder's `index`
 * or `README` is the folder's page) and a `/category/<label>` page per `_category_.json` with a
 * generated index. The sitemap must list exactly these, so a page the build lost fails the suite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSlugger } from '@docusaurus/utils';
import matter from 'gray-matter';

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

type CategoryFile = { label?: string; link?: { type?: string; slug?: string } };

/** Docusaurus numbers repeated labels (`/category/processes-1`) in sidebar order; as a set, the order does not matter. */
const slugger = createSlugger();

export const categoryRoutes = files
  .filter((file) => path.posix.basename(file) === '_category_.json')
  .map((file) => JSON.parse(readFileSync(path.join(docsDir, file), 'utf8')) as CategoryFile)
  .filter((category) => category.link?.type === 'generated-index')
  .map((category) => category.link?.slug ?? `/category/${slugger.slug(category.label ?? '')}`);

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
