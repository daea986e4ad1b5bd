import { expect, test } from '@playwright/test';
import { readBuildFile, searchIndexFile } from './build-output';
import { docRoutes } from './routes';

type IndexedDocument = { i: number; t: string; u: string; s?: string; h?: string; p?: number };

/** search-local writes one list per kind: titles, headings, descriptions, keywords, content. */
const [titles, headings, descriptions, , contents] = (
  JSON.parse(readBuildFile(searchIndexFile())) as { documents: IndexedDocument[] }[]
).map((part) => part.documents);

function indexedText(route: string): string {
  return [headings, descriptions, contents]
    .flat()
    .filter((document) => document.u === route)
    .map((document) => document.t)
    .join(' ');
}

test('the search index holds the title and the text of every documentation page', () => {
  for (const route of docRoutes) {
    const title = titles.find((document) => document.u === route);
    expect(title?.t, `title of ${route}`).toBeTruthy();
    // Every page has at least 200 words of prose; an empty prerendered shell would index nothing.
    expect(indexedText(route).split(/\s+/).length, `indexed words of ${route}`).toBeGreaterThan(150);
  }
});
