/**
 * Amplify, downloaded and configured only when the session needs it: to sign in or out, to renew
 * tokens, or to finish a Google sign-in. A reader opening pages with a live session never loads it.
 * The settings it is configured with come from src/site-config.ts.
 */
import type * as AmplifyClientModule from './amplify-client';

type AmplifyClient = typeof AmplifyClientModule;

let client: Promise<AmplifyClient> | null = null;

/** Loads it once; a load that failed (offline, or refused with an expired session) is tried afresh next time. */
export function loadAmplify(): Promise<AmplifyClient> {
  client ??= import(/* webpackChunkName: "amplify" */ './amplify-client').catch((error: unknown) => {
    client = null;
    throw error;
  });
  return client;
}
