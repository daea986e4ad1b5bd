/**
 * The search box's "no results" line (swapped in for the plugin's own by plugins/search-shards).
 * In a build, the plugin's. Under `npm start` there is no index to search, and the plugin's line
 * ("only available when you run docusaurus build") does not say how this project builds one.
 */
import { EmptyTemplate as pluginEmptyTemplate } from './search-local-internals';
import { SEARCH_NEEDS_A_BUILD } from './unavailable';

export function EmptyTemplate(): string {
  if (process.env.NODE_ENV === 'production') return pluginEmptyTemplate();
  return `<span class="handbook-search-unavailable">${SEARCH_NEEDS_A_BUILD}</span>`;
}
