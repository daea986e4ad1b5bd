/**
 * The sign-in page: an application of its own, bundled apart from Docusaurus
 * (plugins/sign-in-shell/sign-in-app.ts) so that a signed-out visitor loads nothing that names the
 * handbook's pages or chunks.
 *
 * It starts in steps, each evaluated in a task of its own, so that no single task holds a phone's
 * main thread for long: React (showing that the session is being checked), then Amplify
 * (configured as it loads), then the form. The HTML
 * preloads all their files, so they download together from the start.
 */
import './styles.css';
import './amplify-ui.css';
// The form's theme, written as CSS when the page is built (src/components/SignInForm/theme.ts).
import 'virtual:sign-in-form-theme.css';
import React, { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import SessionPending from '@site/src/components/SessionPending';

const mountPoint = document.getElementById('sign-in');
if (!mountPoint) throw new Error('The sign-in page has no #sign-in element to render into');
const root = createRoot(mountPoint);

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
  await import('@site/src/auth/amplify-client');
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
