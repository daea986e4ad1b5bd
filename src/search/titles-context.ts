/**
 * The search context whose index holds the title of every page of the handbook and nothing else
 * (written at build by plugins/search-titles). The plugin names a context's index
 * `search-index-<context>.json`; Docusaurus never makes a route of a docs folder whose name starts
 * with `_`, so no section can share this name.
 */
export const TITLES_CONTEXT = '_titles';
