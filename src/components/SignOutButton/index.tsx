import React from 'react';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

/**
 * The one way on from a notice that the handbook cannot be read with this session (an account
 * outside the reader group, a session the server refuses): on the site's pages and on the sign-in
 * page alike.
 */
export default function SignOutButton({ onClick, children }: { onClick: () => void; children: ReactNode }): ReactNode {
  return (
    <button type="button" className={styles.signOut} onClick={onClick}>
      {children}
    </button>
  );
}
