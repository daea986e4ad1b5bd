/** The search plugin's client modules that src/search wraps; the plugin ships them without types. */
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker' {
  import type { SearchResult } from './merge-results';

  export function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void>;
  export function searchByWorker(
    baseUrl: string,
    searchContext: string,
    input: string,
    limit: number,
  ): Promise<SearchResult[]>;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate' {
  export function EmptyTemplate(): string;
}
