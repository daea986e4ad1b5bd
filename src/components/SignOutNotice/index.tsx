import useBaseUrl from '@docusaurus/useBaseUrl';
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
 * The handbook's logo and name above a notice, which replaces the whole page (the site's navbar
 * included): without them a reader saw bare text and could not tell what had refused them
 * (newcomer review 3). Both logos are in the page and the colour mode (`html[data-theme]`, which
 * the site's pages and the sign-in page both set before the first paint) shows one.
 */
function Brand(): ReactNode {
  return (
    <p className={styles.brand}>
      <img src={useBaseUrl('/img/logo.svg')} className={styles.lightLogo} alt="" width="40" height="40" />
      <img src={useBaseUrl('/img/logo-dark.svg')} className={styles.darkLogo} alt="" width="40" height="40" />
      Engineering Handbook
    </p>
  );
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
      <Brand />
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
