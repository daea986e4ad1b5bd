/** The search plugin's client modules that src/search reads; the plugin ships them without types. */
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants' {
  /** The plugin's index file name, `search-index{dir}-<hash>.json` with `hashed: 'filename'`. */
  export const searchIndexUrl: string;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate' {
  export function EmptyTemplate(): string;
}
