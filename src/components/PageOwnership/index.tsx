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
  /** YAML reads `2026-11-25` as a date: the page gets a `Date`, or its ISO text once serialised. */
  last_reviewed?: unknown;
}

/** The `YYYY-MM-DD` of the front matter's date, however it arrived. */
function dayOf(value: unknown): string | undefined {
  const text = value instanceof Date ? value.toISOString() : String(value ?? '');
  return /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
}

/** "Owned by Reporting · reviewed Nov 25, 2026", from the page's front matter, beside "Last updated". */
export default function PageOwnership(): ReactNode {
  const { frontMatter } = useDoc();
  const { i18n } = useDocusaurusContext();
  const { owner, last_reviewed: lastReviewed } = frontMatter as OwnershipFrontMatter;
  const reviewedDay = dayOf(lastReviewed);
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
