import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The production build the browser tests run against (`npm run build` writes it). */
export const buildDir = path.resolve(__dirname, '../build');

/** The preview of pull request 42 (`npm run build:preview`), served beside the build when built: e2e/preview.spec.ts needs it. */
export const PREVIEW_BUILD = 'build-preview';

/** Where the browser tests' gate serves the previews: their own origin, the next port under the other loopback name. */
export const PREVIEW_PORT = Number(process.env.HANDBOOK_TEST_PORT ?? 3100) + 1;
export const PREVIEW_ORIGIN = `http://localhost:${PREVIEW_PORT}`;

export function readBuildFile(name: string): string {
  const file = path.join(buildDir, name);
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" before the browser tests`);
  return readFileSync(file, 'utf8');
}

/** Paths of every page in build/sitemap.xml, in document order. */
export function sitemapPaths(): string[] {
  const xml = readBuildFile('sitemap.xml');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** Every page's title as its `<title>` shows it, without the site's name after the delimiter. */
export function pageTitles(): string[] {
  return sitemapPaths()
    .map((page) => readBuildFile(page === '/' ? 'index.html' : `${page.slice(1)}.html`))
    .map((html) => (/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(/ \| [^|]*$/, ''))
    .map((title) => title.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]))
    .filter((title) => title.length > 0);
}

/**
 * The search index of a search context (a top folder of docs/), or of the whole handbook: search-local
 * names it `search-index[-<context>]-<hash of the docs>.json` (`hashed: 'filename'`).
 */
export function searchIndexFile(context?: string): string {
  const pattern = new RegExp(`^search-index${context ? `-${context}` : ''}-[0-9a-f]{8}\\.json$`);
  const found = readdirSync(buildDir).filter((name) => pattern.test(name));
  if (found.length !== 1)
    throw new Error(`expected one search index for "${context ?? 'the handbook'}", found ${found.length}`);
  return found[0];
}
