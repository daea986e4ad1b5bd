/**
 * The search plugin (@easyops-cn/docusaurus-search-local), with two additions, so that a search
 * from inside a section also finds the pages elsewhere, and a page titled with the query comes
 * first wherever the search starts (src/search/search-across-sections.ts):
 * - after the plugin has written its indexes, an index of every page's title alone, taken from the
 *   whole handbook's index and named as the plugin names a context's index;
 * - the search of the navbar's search box and of the search page (which keeps to the section its
 *   reader chose), and the box's empty line, swapped for the project's, which wrap the plugin's own.
 */
// A seam (core/dependency-seams.ts): it wraps the plugin's server entry and swaps client modules.
import '../../core/installed-seams';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import searchLocal, { validateOptions } from '@easyops-cn/docusaurus-search-local/dist/server/server/index.js';
import type { PluginOptions } from '@easyops-cn/docusaurus-search-local';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { TITLES_CONTEXT } from '../../src/search/titles-context';

/** Where the plugin's client keeps the search box and the search page (their imports are swapped here, nowhere else). */
const SEARCH_UI_DIRECTORY =
  /@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/](SearchBar|SearchPage)$/;
const SEARCH_MODULES = {
  SearchBar: '../../src/search/search-across-sections.ts',
  SearchPage: '../../src/search/search-within-section.ts',
};
/** The modules swapped in, by the folder of the plugin's search box or search page that imports them. */
function swapFor(uiFolder: keyof typeof SEARCH_MODULES, request: string): string | undefined {
  if (request === '../searchByWorker') return path.resolve(__dirname, SEARCH_MODULES[uiFolder]);
  if (request === './EmptyTemplate') return path.resolve(__dirname, '../../src/search/empty-template.ts');
  return undefined;
}

/**
 * The titles part of a whole-handbook index file (the plugin writes one part per kind of entry,
 * titles first); the worker reads a file's parts by position, so a file of this one part is a
 * titles-only index it loads like any other.
 */
export function titlesIndexOf(wholeIndexJson: string): string {
  const parts = JSON.parse(wholeIndexJson) as unknown;
  if (!Array.isArray(parts) || !parts[0] || !Array.isArray((parts[0] as { documents?: unknown }).documents)) {
    throw new Error('Search titles: the whole-handbook search index does not start with its titles part');
  }
  return JSON.stringify([parts[0]]);
}

/** The index file names the plugin uses: its template, with `{dir}` for `-<context>` or nothing. */
async function indexFileTemplate(generatedFilesDir: string): Promise<string> {
  const constants = await readFile(
    path.join(generatedFilesDir, '@easyops-cn/docusaurus-search-local/default/generated-constants.js'),
    'utf8',
  );
  const template = /searchIndexUrl = "([^"?]+)/.exec(constants)?.[1];
  if (!template?.includes('{dir}')) throw new Error('Search titles: the search plugin no longer names its index files');
  return template;
}

/** The files of a folder, recursively, sorted: the same order on every machine. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * search-local names each index after a hash of the Markdown files in its `docsDir` folders (its
 * documented option: "the dir of docs to get the content hash"), and a reader's browser keeps an
 * index by that name (gate/headers.ts). An index also holds what is not Markdown: the category
 * labels of `_category_.json` (its breadcrumbs), the sidebars, the site's configuration. This
 * writes one Markdown file of their hash into a folder of its own and adds that folder to
 * `docsDir`, so a change to any of them names the index anew as well, and no kept copy goes stale.
 */
export function withIndexInputs(context: LoadContext, options: PluginOptions): PluginOptions {
  const docsDirs = [options.docsDir ?? 'docs'].flat().map((dir) => path.resolve(context.siteDir, dir));
  const inputs = [
    context.siteConfigPath,
    ...readdirSync(context.siteDir)
      .filter((file) => /^sidebars\.[cm]?[jt]s$/.test(file))
      .map((file) => path.join(context.siteDir, file)),
    ...docsDirs.flatMap(filesUnder).filter((file) => !/\.mdx?$/.test(file)),
  ];
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(`${path.relative(context.siteDir, file)}\0`).update(readFileSync(file));
  const inputsDir = path.join(context.generatedFilesDir, 'search-index-inputs');
  mkdirSync(inputsDir, { recursive: true });
  writeFileSync(
    path.join(inputsDir, 'inputs.md'),
    `The search index's inputs other than Markdown: ${hash.digest('hex')}\n`,
  );
  return { ...options, docsDir: [...docsDirs, inputsDir] };
}

/** `options` have passed the plugin's own `validateOptions` (below). */
function searchWithTitles(context: LoadContext, options: unknown): Plugin {
  const plugin = searchLocal(context, withIndexInputs(context, options as PluginOptions));
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild?.(props);
      const template = await indexFileTemplate(context.generatedFilesDir);
      const whole = await readFile(path.join(props.outDir, template.replace('{dir}', '')), 'utf8');
      await writeFile(path.join(props.outDir, template.replace('{dir}', `-${TITLES_CONTEXT}`)), titlesIndexOf(whole));
    },
    configureWebpack(config, isServer, utils, content) {
      const pluginConfig = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      return {
        ...pluginConfig,
        plugins: [
          new utils.currentBundler.instance.NormalModuleReplacementPlugin(
            /^\.{1,2}\/(searchByWorker|EmptyTemplate)$/,
            (resource: { context: string; request: string }) => {
              const uiFolder = SEARCH_UI_DIRECTORY.exec(resource.context)?.[1] as
                keyof typeof SEARCH_MODULES | undefined;
              if (uiFolder) resource.request = swapFor(uiFolder, resource.request) ?? resource.request;
            },
          ),
        ],
      };
    },
  };
}

/** Docusaurus validates a function plugin's options with the function's own `validateOptions`. */
export default Object.assign(searchWithTitles, { validateOptions }) satisfies PluginModule;
