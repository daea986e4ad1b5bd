/**
 * The reader's session as the site sees it: pending until Amplify has read (and if needed
 * refreshed) the stored tokens, then signed in or out. Reading valid tokens makes no network call.
 */
import { useHistory } from '@docusaurus/router';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { currentPath, takeReturnPath } from './returnPath';

export interface Reader {
  name: string;
  email: string;
}

export type SessionState = { status: 'pending' } | { status: 'signedOut' } | { status: 'signedIn'; reader: Reader };

interface Session {
  state: SessionState;
  /** Re-reads the tokens; the sign-in gate calls it once the Authenticator is done. */
  refresh(): Promise<void>;
  /** Signs out everywhere (revokes the refresh token), then shows the gate. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

async function currentReader(): Promise<Reader | null> {
  try {
    const { tokens } = await fetchAuthSession();
    const claims = tokens?.idToken?.payload;
    if (!claims) return null;
    const email = typeof claims.email === 'string' ? claims.email : '';
    return { email, name: typeof claims.name === 'string' ? claims.name : email };
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }): ReactNode {
  const [state, setState] = useState<SessionState>({ status: 'pending' });
  const history = useHistory();

  const refresh = useCallback(
    () => currentReader().then((reader) => setState(reader ? { status: 'signedIn', reader } : { status: 'signedOut' })),
    [],
  );

  useEffect(() => {
    refresh().catch(() => setState({ status: 'signedOut' }));
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedOut') setState({ status: 'signedOut' });
      // A refresh that fails for any reason but the network means the session is over.
      if (payload.event === 'tokenRefresh_failure' && payload.data?.error?.name !== 'NetworkError') {
        setState({ status: 'signedOut' });
      }
      if (payload.event === 'signInWithRedirect' || payload.event === 'customOAuthState') void refresh();
    });
  }, [refresh]);

  useEffect(() => {
    if (state.status !== 'signedIn') return;
    const path = takeReturnPath();
    if (path && path !== currentPath()) history.replace(path);
  }, [state, history]);

  const session = useMemo<Session>(
    () => ({
      state,
      refresh,
      signOut: async () => {
        await signOut({ global: true });
        setState({ status: 'signedOut' });
      },
    }),
    [state, refresh],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** For the navbar, which Docusaurus's crash page also renders, outside `Root` and so the provider. */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}
