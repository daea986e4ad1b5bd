/**
 * The growth bench's figures (`growth.ts`) and the Markdown table it prints of them: what is
 * measured, and how it is shown, change apart from how it is measured.
 */
import type { PrecompressReport } from '../gate/compression';
import type { Usage } from './process-usage';
import type { SearchLoad } from './search-loads';

export interface SuiteRun {
  seconds: number;
  summary: string;
}

/** A first search on each site: bytes on the wire, seconds from the last key to the query's suggestions (CPU as is, and 4x slower), the handbook's index files. */
export interface SearchFigures {
  handbook: number;
  plain: number;
  seconds: { handbook: number; plain: number };
  throttledSeconds: { handbook: number; plain: number };
  indexes: string[];
}

export function searchFigures(handbook: SearchLoad, plain: SearchLoad): SearchFigures {
  return {
    handbook: handbook.bytes,
    plain: plain.bytes,
    seconds: { handbook: handbook.seconds, plain: plain.seconds },
    throttledSeconds: { handbook: handbook.throttledSeconds, plain: plain.throttledSeconds },
    indexes: handbook.indexes,
  };
}

export interface ScaleFigures {
  factor: number;
  pages: number;
  build: { handbook: Usage; plain: Usage; handbookAgain?: Usage };
  precompress: { first: PrecompressReport; again: PrecompressReport };
  bytes: { handbook: number; plain: number };
  index: {
    files: number;
    all: { raw: number; brotli: number };
    pages: { raw: number; brotli: number };
    largestShard: { raw: number; brotli: number };
  };
  pageView: { handbook: number; plain: number };
  searchFromHome: SearchFigures;
  searchFromSection: SearchFigures;
  gateStartSeconds: number;
  suites?: { production: SuiteRun; devServer: SuiteRun };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
export const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
const secs = (seconds: number) => `${seconds.toFixed(seconds < 10 ? 2 : 0)} s`;

/** The figures of each scale, handbook beside plain Docusaurus; `page` is the page viewed and searched from. */
export function table(scales: ScaleFigures[], page: string): string {
  const head = `| Figure | ${scales.map(({ factor, pages }) => `${factor}x (${pages} pages): handbook | plain`).join(' | ')} |`;
  const rule = `| --- | ${scales.map(() => '--- | ---').join(' | ')} |`;
  const row = (figure: string, cells: (scale: ScaleFigures) => [string, string]) =>
    `| ${figure} | ${scales.map((scale) => cells(scale).join(' | ')).join(' | ')} |`;
  const rows = [
    row('build, wall time', ({ build }) => [secs(build.handbook.seconds), secs(build.plain.seconds)]),
    row('build, CPU time', ({ build }) => [secs(build.handbook.cpuSeconds), secs(build.plain.cpuSeconds)]),
    row('build, peak memory (process tree)', ({ build }) => [
      gib(build.handbook.peakBytes),
      gib(build.plain.peakBytes),
    ]),
    row('build again (same docs), wall time', ({ build }) => [
      build.handbookAgain ? secs(build.handbookAgain.seconds) : 'not built again',
      '',
    ]),
    row('precompress, first build', ({ precompress }) => [
      `${secs(precompress.first.seconds)} (${precompress.first.files} files)`,
      '',
    ]),
    row('precompress, build again', ({ precompress }) => [
      `${secs(precompress.again.seconds)} (${precompress.again.reused} reused)`,
      '',
    ]),
    row('build output, total', ({ bytes }) => [mib(bytes.handbook), mib(bytes.plain)]),
    row('search index, all its files (raw / brotli)', ({ index }) => [
      `${mib(index.all.raw)} / ${mib(index.all.brotli)} (${index.files} files)`,
      '',
    ]),
    row('search index, the pages file every search starts with (raw / brotli)', ({ index }) => [
      `${kib(index.pages.raw)} / ${kib(index.pages.brotli)}`,
      '',
    ]),
    row('search index, largest shard of terms (raw / brotli)', ({ index }) => [
      `${kib(index.largestShard.raw)} / ${kib(index.largestShard.brotli)}`,
      '',
    ]),
    row(`one page view, cold (${page}, signed in)`, ({ pageView }) => [kib(pageView.handbook), kib(pageView.plain)]),
    row('first search from the home page, on the wire', ({ searchFromHome }) => [
      mib(searchFromHome.handbook),
      mib(searchFromHome.plain),
    ]),
    row('first search from the home page, last key to its suggestions', ({ searchFromHome }) => [
      secs(searchFromHome.seconds.handbook),
      secs(searchFromHome.seconds.plain),
    ]),
    row('… the same at 4x CPU throttling (page and worker)', ({ searchFromHome }) => [
      secs(searchFromHome.throttledSeconds.handbook),
      secs(searchFromHome.throttledSeconds.plain),
    ]),
    row(`first search from inside a section (${page})`, ({ searchFromSection }) => [
      mib(searchFromSection.handbook),
      mib(searchFromSection.plain),
    ]),
    row('first search from inside a section, last key to its suggestions', ({ searchFromSection }) => [
      secs(searchFromSection.seconds.handbook),
      secs(searchFromSection.seconds.plain),
    ]),
    row('… the same at 4x CPU throttling (page and worker)', ({ searchFromSection }) => [
      secs(searchFromSection.throttledSeconds.handbook),
      secs(searchFromSection.throttledSeconds.plain),
    ]),
    row('gate start-up (manifest, file list, compressed copies)', ({ gateStartSeconds: seconds }) => [
      secs(seconds),
      '',
    ]),
    row('browser suite, production build (`npm run test:e2e`)', ({ suites }) => [
      suites ? `${secs(suites.production.seconds)} (${suites.production.summary})` : 'not run',
      '',
    ]),
    row('browser suite, dev server (`npm run test:e2e:dev`)', ({ suites }) => [
      suites ? `${secs(suites.devServer.seconds)} (${suites.devServer.summary})` : 'not run',
      '',
    ]),
  ];
  const indexes = scales
    .map(
      ({ factor, searchFromHome, searchFromSection }) =>
        `${factor}x: from home ${searchFromHome.indexes.join(', ')}; from a section ${searchFromSection.indexes.join(', ')}`,
    )
    .join('\n');
  return [head, rule, ...rows].join('\n') + `\n\nIndex files the handbook's searches downloaded:\n${indexes}\n`;
}
