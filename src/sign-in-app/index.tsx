/**
 * The sign-in page: an application of its own, bundled apart from Docusaurus
 * (plugins/sign-in-shell/sign-in-app.ts) so that a signed-out visitor loads nothing that names the
 * handbook's pages or chunks.
 *
 * It starts in steps, each evaluated in a task of its own, so that no single task holds a phone's
 * main thread for long: React (showing that the session is being checked), then Amplify
 * (configured as it loads) while an unfinished sign-out is finished, then the form. The HTML
 * preloads all their files, so they download together from the start.
 */
import './styles.css';
import './amplify-ui.css';
// The form's theme, written as CSS when the page is built (src/components/SignInForm/theme.ts).
import 'virtual:sign-in-form-theme.css';
import React, { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import SessionPending from '@site/src/components/SessionPending';
import { finishSignOutHere } from '@site/src/auth/sign-out';
import type { Unfinished } from '@site/src/auth/pending-sign-out';
import { SIGNED_OUT_HERE_ONLY_PARAM } from '@site/core/sign-in-route';

const mountPoint = document.getElementById('sign-in');
if (!mountPoint) throw new Error('The sign-in page has no #sign-in element to render into');
const root = createRoot(mountPoint);

/**
 * After an earlier sign-out was finished here, the form's notice says what is true now: whether
 * the session's refresh token is still to be revoked (src/components/SignInForm/notices.ts).
 */
function noticeWhatIsLeft({ wasPending, revocationPending }: Unfinished): void {
  if (!wasPending) return;
  const url = new URL(window.location.href);
  if (revocationPending) url.searchParams.set(SIGNED_OUT_HERE_ONLY_PARAM, '1');
  else url.searchParams.delete(SIGNED_OUT_HERE_ONLY_PARAM);
  window.history.replaceState(window.history.state, '', url);
}

/** Lets the browser paint and answer input between two steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // Until Amplify has read the session, the page says so rather than stay blank: a signed-in reader
  // sent here waits for it before going on.
  root.render(
    <main>
      <SessionPending />
    </main>,
  );
  // A sign-out that an earlier page could not finish (offline, say) is finished first: the cache of
  // the site emptied and the refresh token revoked (src/auth/pending-sign-out.ts).
  const [unfinished] = await Promise.all([finishSignOutHere(), import('@site/src/auth/amplify-client')]);
  noticeWhatIsLeft(unfinished);
  await nextTask();
  const { default: SignInApp } = await import('./SignInApp');
  await nextTask();
  // A transition renders in slices that yield to the browser, not in one long task.
  startTransition(() => root.render(<SignInApp />));
}

start().catch((error: unknown) => {
  mountPoint.textContent = 'The sign-in page could not load. Reload the page to try again.';
  throw error;
});
