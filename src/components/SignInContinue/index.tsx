import React, { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { canContinueTo } from '@site/src/auth/continue-after-sign-in';
import { useIsReader } from '@site/src/auth/reader-group';
import { destinationOf, takeReturnPath } from '@site/src/auth/return-path';
import { useSession } from '@site/src/auth/session';
import NotAReader from '@site/src/components/NotAReader';
import SignOutNotice from '@site/src/components/SignOutNotice';
import styles from './styles.module.css';

/**
 * What the sign-in page shows a signed-in user: a moment's status while the page they asked for
 * is opened, or, if the server refuses the session, a way out instead of a loop; to a user outside
 * the reader group, who they are and that an administrator must grant access.
 */
export default function SignInContinue(): ReactNode {
  const { state, signOut } = useSession();
  const signedIn = state.status === 'signedIn';
  const reader = useIsReader(state);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!signedIn || !reader) return undefined;
    let active = true;
    // Google sign-in comes back without the query string: its return path travelled in the state.
    const destination = takeReturnPath() ?? destinationOf(window.location);
    void canContinueTo(destination).then((accepted) => {
      if (!active) return;
      // A full load, as if the page had been opened directly: the server serves it, and what a page
      // reads only when it loads (the colour-mode query, the anchor) applies.
      if (accepted) window.location.replace(destination);
      else setRefused(true);
    });
    return () => {
      active = false;
    };
  }, [signedIn, reader]);

  if (reader === false) return <NotAReader />;
  if (!refused) {
    return (
      <p className={styles.status} role="status">
        Opening the handbook…
      </p>
    );
  }
  return (
    <SignOutNotice
      heading="Your session was not accepted"
      alert
      signOutLabel="Sign out and sign in again"
      onSignOut={() => void signOut()}
    >
      <p>
        You are signed in, but the handbook&apos;s server refused the session, even after renewing it. Sign out and sign
        in again; if this keeps happening, check that your computer&apos;s clock is right.
      </p>
    </SignOutNotice>
  );
}
