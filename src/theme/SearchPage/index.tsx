import Head from '@docusaurus/Head';
import { useHistory, useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';
import SearchPage from '@theme-original/SearchPage';
import React, { useEffect } from 'react';
import type { ReactNode } from 'react';
import { cleanSearchUrl } from '@site/src/search/clean-url';
import { labelSearchPage } from '@site/src/search/search-local-internals';
import { SEARCH_NEEDS_A_BUILD } from '@site/src/search/unavailable';

/** Under `npm start` there is no index (it is built from a build's HTML): say in one line how to get one. */
function SearchNeedsABuild(): ReactNode {
  return (
    <Layout title="Search">
      <main className="container margin-vert--lg">
        <h1>Search</h1>
        <p>{SEARCH_NEEDS_A_BUILD}</p>
      </main>
    </Layout>
  );
}

/**
 * The search page, at a clean URL (`src/search/clean-url.ts`). A page load is cleaned before hydration
 * (`src/client-modules/clean-search-url.ts`); a navigation inside the site, such as the search box's
 * "See all results", is cleaned here before the original mounts. Its tab title carries the site's
 * name like every other page, its section selector a label, and its content a `main` landmark.
 * Under `npm start`, one line on how to get a search.
 */
export default function SearchPageWrapper(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { pathname, search, hash } = useLocation();
  const history = useHistory();
  const isBrowser = useIsBrowser();
  const cleaned = cleanSearchUrl({ pathname, search, hash });

  const page = isBrowser && cleaned ? null : <SearchPage />;
  const showsOriginal = process.env.NODE_ENV === 'production' && page !== null;

  // A label for the original's section selector and a `main` landmark for its content.
  useEffect(() => {
    if (showsOriginal) labelSearchPage(document);
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
      {process.env.NODE_ENV === 'production' ? page : <SearchNeedsABuild />}
    </>
  );
}
