/**
 * What the browser side knows of the search plugin's internals, in one module: the name template
 * of its index files (`search-index{dir}-<hash>.json`, which src/search/sharded-search.ts fills in),
 * its search box's empty line, from their internal paths, and the markup of its search page. The
 * plugin's version is checked where it is built (plugins/search-shards, through core/dependency-seams.ts).
 */
export { searchIndexUrl } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants';
export { EmptyTemplate } from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate';

/**
 * The plugin's search page gives its section selector (`#context-selector`) no label, and its
 * content (the `.container` around it, in the layout's plain wrapper beside the navbar and footer)
 * no `main` landmark; axe and screen readers need both. Markup as of the plugin's 0.55.3: when it
 * is not found, this says so on the console (which fails the browser tests) rather than leave the
 * page without them unnoticed.
 */
export function labelSearchPage(page: Document): void {
  const selector = page.getElementById('context-selector');
  const content = selector?.closest('.container');
  if (!selector || !content) {
    console.error(
      'The search page has no #context-selector inside a .container: the search plugin changed its markup. Re-check labelSearchPage in src/search/search-local-internals.ts.',
    );
    return;
  }
  selector.setAttribute('aria-label', 'Search within');
  content.setAttribute('role', 'main');
}
