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

/** A first search on each site: bytes on the wire, seconds to the first suggestion, the handbook's index files. */
export interface SearchFigures {
  handbook: number;
  plain: number;
  seconds: { handbook: number; plain: number };
  indexes: string[];
}

export function searchFigures(handbook: SearchLoad, plain: SearchLoad): SearchFigures {
  return {
    handbook: handbook.bytes,
    plain: plain.bytes,
    seconds: { handbook: handbook.seconds, plain: plain.seconds },
    indexes: handbook.indexes,
  };
}

export interface ScaleFigures {
  factor: number;
  pages: number;
  build: { handbook: Usage; plain: Usage; handbookAgain?: Usage };
  precompress: { first: PrecompressReport; again: PrecompressReport };
  bytes: { handbook: number; plain: number };
  index: { whole: { raw: number; brotli: number }; largestSection: { raw: number; brotli: number } };
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
    row('search index, whole handbook (raw / brotli)', ({ index }) => [
      `${mib(index.whole.raw)} / ${mib(index.whole.brotli)}`,
      '',
    ]),
    row('search index, largest section (raw / brotli)', ({ index }) => [
      `${mib(index.largestSection.raw)} / ${mib(index.largestSection.brotli)}`,
      '',
    ]),
    row(`one page view, cold (${page}, signed in)`, ({ pageView }) => [kib(pageView.handbook), kib(pageView.plain)]),
    row('first search from the home page, on the wire', ({ searchFromHome }) => [
      mib(searchFromHome.handbook),
      mib(searchFromHome.plain),
    ]),
    row('first search from the home page, key to first suggestion', ({ searchFromHome }) => [
      secs(searchFromHome.seconds.handbook),
      secs(searchFromHome.seconds.plain),
    ]),
    row(`first search from inside a section (${page})`, ({ searchFromSection }) => [
      mib(searchFromSection.handbook),
      mib(searchFromSection.plain),
    ]),
    row('first search from inside a section, key to first suggestion', ({ searchFromSection }) => [
      secs(searchFromSection.seconds.handbook),
      secs(searchFromSection.seconds.plain),
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
