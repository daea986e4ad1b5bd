/**
 * The search plugin (@easyops-cn/docusaurus-search-local), with two additions for searching from
 * inside a section (src/search/search-across-sections.ts):
 * - after the plugin has written its indexes, an index of every page's title alone, taken from the
 *   whole handbook's index and named as the plugin names a context's index;
 * - the navbar search box's search and its empty line swapped for the project's, which wrap the
 *   plugin's own (the search page keeps the plugin's search).
 */
// A seam (core/dependency-seams.ts): it wraps the plugin's server entry and swaps client modules.
import '../../core/installed-seams';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import searchLocal, { validateOptions } from '@easyops-cn/docusaurus-search-local/dist/server/server/index.js';
import type { PluginOptions } from '@easyops-cn/docusaurus-search-local';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { TITLES_CONTEXT } from '../../src/search/titles-context';

/** Where the plugin's client keeps the search box (its imports are swapped here, nowhere else). */
const SEARCH_BAR_DIRECTORY =
  /@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar$/;
const SWAPS: Record<string, string> = {
  '../searchByWorker': path.resolve(__dirname, '../../src/search/search-across-sections.ts'),
  './EmptyTemplate': path.resolve(__dirname, '../../src/search/empty-template.ts'),
};

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

/** `options` have passed the plugin's own `validateOptions` (below). */
function searchWithTitles(context: LoadContext, options: unknown): Plugin {
  const plugin = searchLocal(context, options as PluginOptions);
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
              if (SEARCH_BAR_DIRECTORY.test(resource.context))
                resource.request = SWAPS[resource.request] ?? resource.request;
            },
          ),
        ],
      };
    },
  };
}

/** Docusaurus validates a function plugin's options with the function's own `validateOptions`. */
export default Object.assign(searchWithTitles, { validateOptions }) satisfies PluginModule;
