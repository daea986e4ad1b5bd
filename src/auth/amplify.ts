/**
 * Amplify, downloaded and configured only when the session needs it: to sign in or out, to renew
 * tokens, or to finish a Google sign-in. A reader opening pages with a live session never loads it.
 */
import siteConfig from '@generated/docusaurus.config';
import type { HandbookAuthConfig } from '@site/core/amplify-config';
import { userPoolOrigin } from '../../core/user-pool-origin';
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

/** The app client whose cookies hold the session. */
export function userPoolClientId(): string {
  const auth = siteConfig.customFields?.auth as HandbookAuthConfig;
  return auth.amplify.Auth?.Cognito.userPoolClientId ?? '';
}

/** Where the user pool's API answers, for the calls the page makes without Amplify (`RevokeToken`). */
export function userPoolEndpoint(): string {
  const cognito = (siteConfig.customFields?.auth as HandbookAuthConfig).amplify.Auth?.Cognito;
  return userPoolOrigin({ userPoolId: cognito?.userPoolId ?? '', userPoolEndpoint: cognito?.userPoolEndpoint });
}

/** The Cognito group an administrator puts readers in (`HANDBOOK_AUTH_READER_GROUP`). */
export function readerGroup(): string {
  return (siteConfig.customFields?.auth as HandbookAuthConfig).readerGroup;
}
