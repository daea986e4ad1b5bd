import React, { useEffect } from 'react';
import type { ReactNode } from 'react';
import { SessionProvider, useSession } from '@site/src/auth/session';
import SessionPending from '@site/src/components/SessionPending';
import SignInContinue from '@site/src/components/SignInContinue';
import SignInForm from '@site/src/components/SignInForm';

/**
 * Signed out, the form; signed in (after the form, a Google return or a renewal), on to the page
 * the reader asked for; in between, the session is being read.
 */
function SignInPage(): ReactNode {
  const { state, refresh } = useSession();
  if (state.status === 'signedOut') return <SignInForm onSignedIn={refresh} />;
  if (state.status === 'signedIn') return <SignInContinue />;
  return <SessionPending />;
}

export default function SignInApp(): ReactNode {
  // Docusaurus's mark that the page's scripts have taken over, which the browser tests wait for.
  useEffect(() => {
    document.documentElement.dataset.hasHydrated = 'true';
  }, []);
  return (
    <SessionProvider>
      <main>
        <SignInPage />
      </main>
    </SessionProvider>
  );
}
