/**
 * The search plugin (@easyops-cn/docusaurus-search-local), with its index written again in small
 * files and its search swapped for the project's, so that a first search costs a few small files
 * at any size of handbook and the page about the query comes first (src/search/sharded-search.ts):
 * - after the plugin has written its indexes, its whole-handbook index is cut into the pages file,
 *   a file of entries per page and shards of terms (build-shards.ts), named as the plugin names an
 *   index; the plugin's own index files are then removed, so nothing serves or keeps them;
 * - the search of the navbar's search box and of the search page, and the box's empty line, are
 *   swapped for those of src/search.
 */
// A seam (core/dependency-seams.ts): it wraps the plugin's server entry and swaps client modules.
import '../../core/installed-seams';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import searchLocal, { validateOptions } from '@easyops-cn/docusaurus-search-local/dist/server/server/index.js';
import type { PluginOptions } from '@easyops-cn/docusaurus-search-local';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { fileParts } from '../../src/search/index-files';
import { fileKey } from '../../src/search/shard-keys';
import { buildShardedIndex } from './build-shards';

/** Where the plugin's client keeps the search box and the search page (their imports are swapped here, nowhere else). */
const SEARCH_UI_DIRECTORY =
  /@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/](SearchBar|SearchPage)$/;
const SEARCH_MODULES = {
  SearchBar: '../../src/search/search-box.ts',
  SearchPage: '../../src/search/search-page.ts',
};
/** The modules swapped in, by the folder of the plugin's search box or search page that imports them. */
function swapFor(uiFolder: keyof typeof SEARCH_MODULES, request: string): string | undefined {
  if (request === '../searchByWorker') return path.resolve(__dirname, SEARCH_MODULES[uiFolder]);
  if (request === './EmptyTemplate') return path.resolve(__dirname, '../../src/search/empty-template.ts');
  return undefined;
}

/** The index file names the plugin uses: its template, with `{dir}` for `-<context>` or nothing. */
async function indexFileTemplate(generatedFilesDir: string): Promise<string> {
  const constants = await readFile(
    path.join(generatedFilesDir, '@easyops-cn/docusaurus-search-local/default/generated-constants.js'),
    'utf8',
  );
  const template = /searchIndexUrl = "([^"?]+)/.exec(constants)?.[1];
  if (!template?.includes('{dir}')) throw new Error('Search shards: the search plugin no longer names its index files');
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

/**
 * The sharded index in `outDir`, from the plugin's whole-handbook index; then the plugin's index
 * files (the whole handbook's and each section's) are removed: the browser never asks for them.
 */
export async function writeShardedIndex(outDir: string, template: string): Promise<void> {
  const fileOf = (dir: string) => path.join(outDir, template.replace('{dir}', dir));
  const { pages, entries, shards } = buildShardedIndex(await readFile(fileOf(''), 'utf8'));
  const [before, after] = template.split('{dir}');
  const isPluginIndex = (file: string) =>
    file.startsWith(before) &&
    file.endsWith(after) &&
    /^(-[\w-]+)?$/.test(file.slice(before.length, file.length - after.length));
  await Promise.all(
    readdirSync(outDir)
      .filter(isPluginIndex)
      .map((file) => rm(path.join(outDir, file))),
  );
  await writeFile(fileOf(fileParts.pages), JSON.stringify(pages));
  await Promise.all([
    ...entries.map((list, page) => writeFile(fileOf(fileParts.page(page)), JSON.stringify(list))),
    ...[...shards].map(([key, shard]) => writeFile(fileOf(fileParts.shard(fileKey(key))), JSON.stringify(shard))),
  ]);
}

/** `options` have passed the plugin's own `validateOptions` (below). */
function searchWithShards(context: LoadContext, options: unknown): Plugin {
  const plugin = searchLocal(context, withIndexInputs(context, options as PluginOptions));
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild?.(props);
      await writeShardedIndex(props.outDir, await indexFileTemplate(context.generatedFilesDir));
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
export default Object.assign(searchWithShards, { validateOptions }) satisfies PluginModule;
