import { expect, test } from '@playwright/test';
import type { PageEntries, PagesFile } from '../src/search/index-files';
import { fileParts } from '../src/search/index-files';
import { readBuildFile, searchPagesFile } from './build-output';
import { docRoutes } from './routes';

const pagesFile = searchPagesFile();
const { pages } = JSON.parse(readBuildFile(pagesFile)) as PagesFile;

/** A page's entries file: the pages file's name with the page's part in place of `-_pages`. */
const entriesOf = (page: number) =>
  JSON.parse(readBuildFile(pagesFile.replace(fileParts.pages, fileParts.page(page)))) as PageEntries;

test('the search index holds the title and the text of every documentation page', () => {
  for (const route of docRoutes) {
    const page = pages.findIndex(([url]) => url === route);
    expect(page, `${route} in the pages file`).toBeGreaterThanOrEqual(0);
    expect(pages[page][1], `title of ${route}`).toBeTruthy();
    // Every page has at least 200 words of prose; an empty prerendered shell would index nothing.
    const words = entriesOf(page)
      .map(([, text]) => text)
      .join(' ')
      .split(/\s+/).length;
    expect(words, `indexed words of ${route}`).toBeGreaterThan(150);
  }
});

test('the index lists the documentation pages and nothing else', () => {
  expect(pages.map(([url]) => url).sort()).toEqual([...docRoutes].sort());
});
