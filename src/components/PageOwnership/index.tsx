import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import React from 'react';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

/** The team table every `owner` names (`npm run check:docs` holds pages to it). */
const TEAMS_TABLE = '/onboarding/system-facts#teams-and-owners';

interface OwnershipFrontMatter {
  owner?: unknown;
  /** A date: YAML reads `2026-11-25` as one, which reaches the page as an ISO timestamp. */
  last_reviewed?: unknown;
}

/** "Owned by Reporting · reviewed Nov 25, 2026", from the page's front matter, beside "Last updated". */
export default function PageOwnership(): ReactNode {
  const { frontMatter } = useDoc();
  const { i18n } = useDocusaurusContext();
  const { owner, last_reviewed: lastReviewed } = frontMatter as OwnershipFrontMatter;
  const reviewedDay = /^\d{4}-\d{2}-\d{2}/.exec(String(lastReviewed ?? ''))?.[0];
  if (typeof owner !== 'string' && !reviewedDay) return null;
  const reviewed = reviewedDay && new Date(`${reviewedDay}T00:00:00Z`);
  return (
    <p className={styles.ownership}>
      {typeof owner === 'string' && (
        <span>
          Owned by{' '}
          <Link to={TEAMS_TABLE} className={styles.owner}>
            {owner}
          </Link>
        </span>
      )}
      {typeof owner === 'string' && reviewed && <span aria-hidden="true"> · </span>}
      {reviewed && (
        <span>
          reviewed{' '}
          <time dateTime={reviewedDay} className={styles.date}>
            {new Intl.DateTimeFormat(i18n.currentLocale, {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
              timeZone: 'UTC',
            }).format(reviewed)}
          </time>
        </span>
      )}
    </p>
  );
}
