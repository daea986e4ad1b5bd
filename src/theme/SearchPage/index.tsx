import Head from '@docusaurus/Head';
import { useHistory, useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SearchPage from '@theme-original/SearchPage';
import React, { useEffect } from 'react';
import type { ReactNode } from 'react';

/** The handbook has one version of its docs: a `version` parameter can only point the search elsewhere. */
const VERSION_PARAM = 'version';

/**
 * The search page, at `/search` without a trailing slash (the search box links to `/search/`) and
 * without a `version` parameter, which the original turns into an index URL it then refuses to fetch.
 * Its tab title carries the site's name like every other page, and its section selector a label.
 */
export default function SearchPageWrapper(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { pathname, search, hash } = useLocation();
  const history = useHistory();
  const isBrowser = useIsBrowser();
  const params = new URLSearchParams(search);
  const needsCleaning = params.has(VERSION_PARAM) || pathname.endsWith('/');

  // The original's section selector has no label; axe and screen readers need one.
  useEffect(() => {
    document.getElementById('context-selector')?.setAttribute('aria-label', 'Search within');
  });

  useEffect(() => {
    if (!needsCleaning) return;
    params.delete(VERSION_PARAM);
    const query = params.toString();
    history.replace({ pathname: pathname.replace(/\/+$/, ''), search: query ? `?${query}` : '', hash });
  });

  return (
    <>
      <Head titleTemplate={`%s ${siteConfig.titleDelimiter} ${siteConfig.title}`}>{null}</Head>
      {/* Until the URL is clean, the original would read the parameter the moment it mounts. */}
      {isBrowser && needsCleaning ? null : <SearchPage />}
    </>
  );
}
