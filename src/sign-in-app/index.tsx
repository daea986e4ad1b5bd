/**
 * The sign-in page: an application of its own, bundled apart from Docusaurus (plugins/sign-in-shell/sign-in-app.ts)
 * so that a signed-out visitor loads nothing that names the handbook's pages or chunks.
 */
import './styles.css';
import React, { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import SignInApp from './SignInApp';

const mountPoint = document.getElementById('sign-in');
if (!mountPoint) throw new Error('The sign-in page has no #sign-in element to render into');
const root = createRoot(mountPoint);
// A transition renders in slices that yield to the browser, not in one long task: on a slow phone
// the form is as quick to show, and the page answers input meanwhile.
startTransition(() => root.render(<SignInApp />));
