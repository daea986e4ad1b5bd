/**
 * The reader's session as the site sees it: pending until read, then signed in or out. A live
 * session is read from the cookies alone; Amplify is loaded only when there is none (to renew the
 * tokens or finish a Google sign-in) and for signing out.
 */
import React, { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { loadAmplify } from './amplify';
import type { Reader } from '../../core/cookie-session';
import { destinationOf } from './return-path';
import { keepSessionRenewed } from './renewal';
import { readPageSession, userPoolClientId } from './site-auth';
import { signedOutUrlFor } from '../../core/sign-in-route';
import { forgetSessionCookies, revokeSession } from './sign-out';

export type { Reader } from '../../core/cookie-session';

export type SessionState = { status: 'pending' } | { status: 'signedOut' } | { status: 'signedIn'; reader: Reader };

/** What `useSession` gives a component: the session's state and what it can do with it. */
interface SessionContextValue {
  state: SessionState;
  /** Re-reads the session, renewing it if needed; the sign-in form calls it once it is done. */
  refresh(): Promise<void>;
  /**
   * Ends the session in this browser whatever fails, revoking it everywhere when the identity
   * service can be reached (`sign-out.ts`), then leaves for the sign-in page.
   */
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }): ReactNode {
  const [state, setState] = useState<SessionState>({ status: 'pending' });

  const settle = useCallback((reader: Reader | null) => {
    setState(reader ? { status: 'signedIn', reader } : { status: 'signedOut' });
  }, []);

  // Amplify's events matter once Amplify runs: a reader with a live session may never load it.
  const stopListening = useRef<(() => void) | null>(null);
  // While signing out, the page leaves by the sign-out route; the gate must not send it elsewhere first.
  const signingOut = useRef(false);
  const amplify = useCallback(async () => {
    const client = await loadAmplify();
    stopListening.current ??= client.onSessionChange({
      ended: () => {
        if (!signingOut.current) settle(null);
      },
      googleSignedIn: () => void client.currentReader().then(settle),
    });
    return client;
  }, [settle]);

  /** Asks Amplify, which renews expired tokens. */
  const refresh = useCallback(async () => {
    settle(await (await amplify()).currentReader());
  }, [amplify, settle]);

  useEffect(() => {
    const fromCookies = readPageSession();
    const reader = fromCookies
      ? Promise.resolve(fromCookies.reader)
      : amplify().then((client) => client.currentReader());
    reader.then(settle, () => settle(null));
    // A page restored from the back-forward cache may outlive the session it was shown in.
    const recheck = (event: PageTransitionEvent) => {
      if (event.persisted) settle(readPageSession()?.reader ?? null);
    };
    window.addEventListener('pageshow', recheck);
    return () => {
      window.removeEventListener('pageshow', recheck);
      stopListening.current?.();
      stopListening.current = null;
    };
  }, [amplify, settle]);

  // Renews the tokens before they are needed, for as long as the reader stays signed in (renewal.ts).
  const signedIn = state.status === 'signedIn';
  useEffect(() => {
    if (!signedIn) return undefined;
    return keepSessionRenewed({
      expiresAt: () => readPageSession()?.expiresAt ?? null,
      renew: async () => (await amplify()).currentReader({ forceRefresh: true }),
      now: () => Date.now(),
      page: document,
    });
  }, [signedIn, amplify]);

  const session = useMemo<SessionContextValue>(
    () => ({
      state,
      refresh,
      signOut: async () => {
        signingOut.current = true;
        const revoked = await revokeSession();
        forgetSessionCookies(userPoolClientId());
        // A built site is always behind the gate, whose sign-out route empties the browser of the
        // handbook (Clear-Site-Data) before the sign-in route; the dev server has no gate.
        const viaGate = process.env.NODE_ENV === 'production';
        window.location.replace(signedOutUrlFor(destinationOf(window.location), { revoked, viaGate }));
      },
    }),
    [state, refresh],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** For the navbar, which Docusaurus's crash page also renders, outside `Root` and so the provider. */
export function useOptionalSession(): SessionContextValue | null {
  return useContext(SessionContext);
}
