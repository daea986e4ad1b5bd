import React from 'react';
import type { ReactNode } from 'react';
import { readerGroup } from '@site/src/auth/site-auth';
import { useSession } from '@site/src/auth/session';
import SignOutNotice from '@site/src/components/SignOutNotice';
import styles from './styles.module.css';

/**
 * What a signed-in user outside the reader group sees instead of the handbook: who they are signed
 * in as, that an administrator must grant access (every new Google sign-in starts outside the
 * group), and a way to sign out, to come back with another account or once access is granted.
 */
export default function NotAReader(): ReactNode {
  const { state, signOut } = useSession();
  const email = state.status === 'signedIn' ? state.reader.email : '';
  return (
    <SignOutNotice heading="You can’t read the handbook yet" signOutLabel="Sign out" onSignOut={() => void signOut()}>
      <p>
        You are signed in as <strong className={styles.email}>{email}</strong>, but this account is not one of the
        handbook’s readers.
      </p>
      <p>
        New accounts start without access. Ask an administrator to add <strong className={styles.email}>{email}</strong>{' '}
        to the <code>{readerGroup()}</code> group; once they have, sign out and sign in again.
      </p>
    </SignOutNotice>
  );
}
