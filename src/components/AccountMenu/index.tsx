import clsx from 'clsx';
import React, { useState } from 'react';
import type { ReactNode } from 'react';
import { useOptionalSession } from '@site/src/auth/session';
import styles from './styles.module.css';

/** Navbar item: who is signed in, and "Sign out". In the mobile panel it is the main menu's entry. */
export default function AccountMenu({ mobile }: { mobile?: boolean }): ReactNode {
  const session = useOptionalSession();
  // Signing out may take a few seconds when the network is down (src/auth/sign-out.ts).
  const [signingOut, setSigningOut] = useState(false);
  if (session?.state.status !== 'signedIn') return null;
  const { signOut } = session;
  const { name, email } = session.state.reader;
  // In the mobile panel the item sits in the main menu's list; on desktop, in the navbar.
  const Item = mobile ? 'li' : 'div';
  return (
    <Item className={mobile ? clsx('menu__list-item', styles.mobile) : clsx('navbar__item', styles.account)}>
      <span className={styles.name} title={email}>
        {name}
      </span>
      <button
        type="button"
        className="button button--sm button--secondary"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void signOut();
        }}
      >
        {signingOut ? 'Signing out…' : 'Sign out'}
      </button>
    </Item>
  );
}
