/** The handbook has one version of its docs: a `version` parameter can only point the search elsewhere. */
const VERSION_PARAM = 'version';

/**
 * The search page's URL without a `version` parameter, which the search plugin turns into an index
 * URL it then fails to fetch, and without the trailing slash its search box links to; `null` when
 * the URL is already clean.
 */
export function cleanSearchUrl(location: { pathname: string; search: string; hash: string }): string | null {
  const params = new URLSearchParams(location.search);
  if (!params.has(VERSION_PARAM) && !location.pathname.endsWith('/')) return null;
  params.delete(VERSION_PARAM);
  const query = params.toString();
  return `${location.pathname.replace(/\/+$/, '')}${query ? `?${query}` : ''}${location.hash}`;
}
