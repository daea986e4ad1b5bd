import React, { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

interface Props {
  heading: string;
  /** Announced at once (an alert), rather than a region the reader reads in turn. */
  alert?: boolean;
  signOutLabel: string;
  onSignOut: () => void;
  children: ReactNode;
}

/**
 * A notice that the handbook cannot be read with this session (an account outside the reader
 * group, a session the server refuses), with sign-out as the one way on: on the site's pages and on
 * the sign-in page alike.
 */
export default function SignOutNotice({ heading, alert, signOutLabel, onSignOut, children }: Props): ReactNode {
  const headingId = useId();
  return (
    <section className={styles.notice} aria-labelledby={headingId} role={alert ? 'alert' : undefined}>
      <h1 id={headingId} className={styles.heading}>
        {heading}
      </h1>
      {children}
      <button type="button" className={styles.signOut} onClick={onSignOut}>
        {signOutLabel}
      </button>
    </section>
  );
}
