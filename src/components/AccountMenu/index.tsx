import clsx from 'clsx';
import React, { useState } from 'react';
import type { ReactNode } from 'react';
import { useOptionalSession } from '@site/src/auth/session';
import styles from './styles.module.css';

/**
 * Navbar item: who is signed in, and "Sign out". On a wide screen both sit in the navbar. Below the
 * theme's 997 px breakpoint the navbar keeps "Sign out" alone, so a reader on a phone signs out in
 * one tap (the menu opens on the docs tree, and reaching its account entry took three; newcomer
 * review 3); the name moves to the mobile panel, where the item is the main menu's entry.
 */
export default function AccountMenu({ mobile }: { mobile?: boolean }): ReactNode {
  const session = useOptionalSession();
  // Signing out may take a few seconds when the network is down (src/auth/sign-out.ts).
  const [signingOut, setSigningOut] = useState(false);
  if (session?.state.status !== 'signedIn') return null;
  const { signOut } = session;
  const { name, email } = session.state.reader;
  const signOutButton = (className?: string) => (
    <button
      type="button"
      className={clsx('button button--sm button--secondary', className)}
      disabled={signingOut}
      onClick={() => {
        setSigningOut(true);
        void signOut();
      }}
    >
      {signingOut ? 'Signing out…' : 'Sign out'}
    </button>
  );
  const who = (
    <span className={styles.name} title={email}>
      {name}
    </span>
  );
  if (mobile) {
    return (
      <li className={clsx('menu__list-item', styles.mobile)}>
        {who}
        {signOutButton()}
      </li>
    );
  }
  return (
    <>
      <div className={clsx('navbar__item', styles.account)}>
        {who}
        {signOutButton()}
      </div>
      {signOutButton(styles.narrowSignOut)}
    </>
  );
}
