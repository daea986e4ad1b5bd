import React from 'react';
import type { ReactNode } from 'react';
import { SessionProvider } from '@site/src/auth/session';
import AuthGate from '@site/src/components/AuthGate';

/** Wraps the whole site: every page sits behind the sign-in gate. */
export default function Root({ children }: { children: ReactNode }): ReactNode {
  return (
    <SessionProvider>
      <AuthGate>{children}</AuthGate>
    </SessionProvider>
  );
}
