import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import React, { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import styles from './styles.module.css';

/** The words of a missing page's path ("/how-we-work/on-call-rota" → "on call rota"): a first guess at what the reader wanted. */
export function queryFromPath(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  let words = last;
  try {
    words = decodeURIComponent(last);
  } catch {
    // A malformed escape: the raw segment is still a fair guess.
  }
  return words
    .replace(/\.html?$/i, '')
    .replace(/[-_.+]+/g, ' ')
    .trim();
}

/** On the not-found page: a way to search the handbook for what the reader wanted, and a way home. */
export default function NotFoundWayOut(): ReactNode {
  const { pathname } = useLocation();
  const history = useHistory();
  const [query, setQuery] = useState(() => queryFromPath(pathname));

  const search = (event: FormEvent) => {
    event.preventDefault();
    history.push(`/search?${new URLSearchParams({ q: query.trim() }).toString()}`);
  };

  return (
    <nav aria-label="Find the page" className={`container ${styles.wayOut}`}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <form role="search" className={styles.search} onSubmit={search}>
            <label htmlFor="not-found-search" className={styles.label}>
              Search the handbook
            </label>
            <div className={styles.field}>
              <input
                id="not-found-search"
                type="search"
                name="q"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                className={styles.input}
              />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          <p>
            <Link to="/">Go to the handbook’s home page</Link>
          </p>
        </div>
      </div>
    </nav>
  );
}
