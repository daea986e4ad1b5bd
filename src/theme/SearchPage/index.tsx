import Head from '@docusaurus/Head';
import { useHistory, useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SearchPage from '@theme-original/SearchPage';
import React, { useEffect } from 'react';
import type { ReactNode } from 'react';
import { cleanSearchUrl } from '@site/src/search/clean-url';

/**
 * The search page, at a clean URL (`src/search/clean-url.ts`). A page load is cleaned before hydration
 * (`src/client-modules/clean-search-url.ts`); a navigation inside the site, such as the search box's
 * "See all results", is cleaned here before the original mounts. Its tab title carries the site's
 * name like every other page, and its section selector a label.
 */
export default function SearchPageWrapper(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { pathname, search, hash } = useLocation();
  const history = useHistory();
  const isBrowser = useIsBrowser();
  const cleaned = cleanSearchUrl({ pathname, search, hash });

  // The original's section selector has no label; axe and screen readers need one.
  useEffect(() => {
    document.getElementById('context-selector')?.setAttribute('aria-label', 'Search within');
  });

  // Once per URL to clean: until the replaced URL's route has loaded, Docusaurus renders this again
  // with the old location, so a replace on every render would navigate without end (React stops
  // it as an update loop, and Docusaurus then reloads the page).
  useEffect(() => {
    if (cleaned) history.replace(cleaned);
  }, [cleaned, history]);

  return (
    <>
      <Head titleTemplate={`%s ${siteConfig.titleDelimiter} ${siteConfig.title}`}>{null}</Head>
      {/* Until the URL is clean, the original would read the parameter the moment it mounts. */}
      {isBrowser && cleaned ? null : <SearchPage />}
    </>
  );
}
