import React from 'react';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

/** Shown while the session is being read or renewed: by the site's gate and by the sign-in page. */
export default function SessionPending(): ReactNode {
  return (
    <div className={styles.pending} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.caption}>Checking your sign-in…</p>
    </div>
  );
}
