import React, { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSession } from '@site/src/auth/session';
import type { SessionState } from '@site/src/auth/session';
import { LIVE_SESSION, SESSION_ATTRIBUTE } from '@site/core/live-session-script';
import { useIsReader } from '@site/src/auth/reader-group';
import { signInUrlFor } from '@site/core/sign-in-route';
import NotAReader from '@site/src/components/NotAReader';
import SessionPending from '@site/src/components/SessionPending';
import styles from './styles.module.css';

/**
 * Leaves a page whose session has ended for the sign-in page (src/sign-in-app), by a full page
 * load: nothing of the page stays in memory, and the server, not the page, decides what comes next.
 */
function LeaveForSignIn(): ReactNode {
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    window.location.replace(signInUrlFor(pathname + search + hash));
  }, []);
  return <SessionPending />;
}

/**
 * A page opened at `#section` shows that section once it is revealed. The browser scrolls to the
 * fragment while the document loads; a page the client renders later (the dev server's) has no
 * such section yet, and the scroll never happens.
 */
function useScrollToSection(revealed: boolean): void {
  useEffect(() => {
    if (!revealed || window.location.hash.length < 2) return undefined;
    let id: string;
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return undefined;
    }
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [revealed]);
}

/**
 * Keeps `<html data-session>` (core/live-session-script.ts), which shows or hides the page, in
 * step with the session. The inline script has usually set it before the first paint; then this
 * changes nothing, and revealing a signed-in reader's page costs no style recalculation.
 */
function useSessionAttribute(status: SessionState['status']): void {
  useEffect(() => {
    const html = document.documentElement;
    if (status === 'signedIn' && html.getAttribute(SESSION_ATTRIBUTE) !== LIVE_SESSION)
      html.setAttribute(SESSION_ATTRIBUTE, LIVE_SESSION);
    if (status === 'signedOut') html.removeAttribute(SESSION_ATTRIBUTE);
  }, [status]);
}

/**
 * Shows the handbook only to a signed-in reader. While the session is being read, the page stays
 * hidden (no content, no flash of the form); signed out, the reader leaves for the sign-in page;
 * signed in outside the reader group, they are told so.
 * The static build renders the pages hidden, so search and the link checker still see them.
 */
export default function AuthGate({ children }: { children: ReactNode }): ReactNode {
  const { state } = useSession();
  const reader = useIsReader(state);
  useSessionAttribute(state.status);
  useScrollToSection(reader === true);
  if (state.status === 'signedOut') return <LeaveForSignIn />;
  // The gate never serves a page to a user outside the reader group; the dev server has no gate.
  if (reader === false) return <NotAReader />;
  return (
    <>
      {state.status === 'pending' && <SessionPending />}
      <div className={styles.page}>{children}</div>
    </>
  );
}
