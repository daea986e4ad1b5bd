/**
 * The search plugin's client modules that src/search wraps, from their internal paths: the one
 * browser-side module that imports them. The plugin's version is checked where it is built
 * (plugins/search-titles, through core/dependency-seams.ts).
 */
export {
  fetchIndexesByWorker,
  searchByWorker,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker';
export { EmptyTemplate } from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate';
