import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useLocation } from '@docusaurus/router';
import React, { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSession } from '@site/src/auth/session';
import { SIGN_IN_PATH, signInUrlFor } from '@site/src/auth/signInRoute';
import styles from './styles.module.css';

/** The sign-in form and Amplify UI's styles are fetched only when someone has to sign in. */
const SignInGate = lazy(
  // The gate server reads this chunk name to let signed-out visitors load the form.
  () => import(/* webpackChunkName: "sign-in-gate" */ '@site/src/components/SignInGate'),
);

/** The pages (and with them Docusaurus's page metadata) are unmounted: the gate sets its own. */
function GateMetadata(): ReactNode {
  const { siteConfig, i18n } = useDocusaurusContext();
  return (
    <Head>
      <html lang={i18n.currentLocale} dir={i18n.localeConfigs[i18n.currentLocale]?.direction} />
      <title>{`Sign in ${siteConfig.titleDelimiter} ${siteConfig.title}`}</title>
    </Head>
  );
}

function Pending(): ReactNode {
  return (
    <div className={styles.pending} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.caption}>Checking your sign-in…</p>
    </div>
  );
}

/**
 * Leaves a page whose session has ended for the sign-in route, by a full page load: nothing of the
 * page stays in memory, and the server, not the page, decides what comes next.
 */
function LeaveForSignIn(): ReactNode {
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    window.location.replace(signInUrlFor(pathname + search + hash));
  }, []);
  return <Pending />;
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
 * Shows the handbook only to a signed-in reader. While the session is being read, the page stays
 * hidden (no content, no flash of the form); signed out, the sign-in route shows the form.
 * The static build renders the pages hidden, so search and the link checker still see them.
 */
export default function AuthGate({ children }: { children: ReactNode }): ReactNode {
  const { state, refresh } = useSession();
  const { pathname } = useLocation();
  useScrollToSection(state.status === 'signedIn');
  if (state.status === 'signedOut' && pathname !== SIGN_IN_PATH) return <LeaveForSignIn />;
  if (state.status === 'signedOut') {
    return (
      <>
        <GateMetadata />
        <Suspense fallback={<Pending />}>
          <SignInGate onSignedIn={refresh} />
        </Suspense>
      </>
    );
  }
  const pending = state.status === 'pending';
  return (
    <>
      {pending && <Pending />}
      <div className={pending ? styles.hidden : styles.shown} aria-hidden={pending || undefined}>
        {children}
      </div>
    </>
  );
}
