/**
 * Cleans the search page's URL (see `src/search/clean-url.ts`) before Docusaurus's router
 * first reads it. Client modules load before the app hydrates; without this, the search plugin's
 * page hydrates with the URL as typed and starts fetching an index for the `version` it names.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { cleanSearchUrl } from '@site/src/search/clean-url';
import { siteBaseUrl } from '@site/src/site-config';

/** The search plugin's page. */
const SEARCH_PATH = `${siteBaseUrl()}search`;

if (ExecutionEnvironment.canUseDOM && window.location.pathname.replace(/\/+$/, '') === SEARCH_PATH) {
  const cleaned = cleanSearchUrl(window.location);
  if (cleaned) window.history.replaceState(window.history.state, '', cleaned);
}
