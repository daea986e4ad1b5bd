/**
 * The edge gate knows no file list: it maps a page path to its bucket key by Docusaurus's layout
 * (gate/decide.ts layoutFileFor). Every page of the real build must be where that rule looks.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { layoutFileFor, pagesWithDottedRoutes, pathSegments } from '../gate/decide';
import { listBuildFiles } from '../gate/manifest';
import { buildDir, sitemapPaths } from './build-output';

test('every page of the build is at the key the edge rewrites its path to', () => {
  const paths = [...sitemapPaths(), '/sign-in', '/search'];
  expect(paths.length).toBeGreaterThan(80);
  const dottedPages = new Set(pagesWithDottedRoutes(listBuildFiles(buildDir)));
  const missing = paths.filter((route) => {
    const segments = pathSegments(route);
    return !segments || !existsSync(path.join(buildDir, layoutFileFor(segments, dottedPages)));
  });
  expect(missing).toEqual([]);
});
