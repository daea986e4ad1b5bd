import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The production build the browser tests run against (`npm run build` writes it). */
export const buildDir = path.resolve(__dirname, '../../build');

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
