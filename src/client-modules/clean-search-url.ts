/**
 * Cleans the search page's URL (see `src/search/clean-url.ts`) before Docusaurus's router
 * first reads it. Client modules load before the app hydrates; without this, the search plugin's
 * page hydrates with the URL as typed and starts fetching an index for the `version` it names.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import { cleanSearchUrl } from '@site/src/search/clean-url';

/** The search plugin's page. */
const SEARCH_PATH = `${siteConfig.baseUrl}search`;

if (ExecutionEnvironment.canUseDOM && window.location.pathname.replace(/\/+$/, '') === SEARCH_PATH) {
  const cleaned = cleanSearchUrl(window.location);
  if (cleaned) window.history.replaceState(window.history.state, '', cleaned);
}
