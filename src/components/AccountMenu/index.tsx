import clsx from 'clsx';
import React, { useState } from 'react';
import type { ReactNode } from 'react';
import { useOptionalSession } from '@site/src/auth/session';
import TwoStepSignIn from '@site/src/components/TwoStepSignIn';
import styles from './styles.module.css';

/**
 * Navbar item: who is signed in, "Two-step sign-in" for a password account where the handbook
 * offers a second factor (src/components/TwoStepSignIn), and "Sign out". On a wide screen both sit in the navbar. Below the
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
  const { reader } = session.state;
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
    <span className={styles.name} title={reader.email}>
      {reader.name}
    </span>
  );
  if (mobile) {
    return (
      <>
        <li className={clsx('menu__list-item', styles.mobile)}>
          {who}
          {signOutButton()}
        </li>
        <TwoStepSignIn reader={reader} mobile />
      </>
    );
  }
  return (
    <>
      <div className={clsx('navbar__item', styles.account)}>
        {who}
        <TwoStepSignIn reader={reader} />
        {signOutButton()}
      </div>
      {signOutButton(styles.narrowSignOut)}
    </>
  );
}
