/**
 * Client module: configures Amplify once, in the browser, before the app renders, so the OAuth
 * listener can finish a Google sign-in on the first page load. The static build skips it.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import { Amplify } from 'aws-amplify';
import 'aws-amplify/auth/enable-oauth-listener';
import type { ResourcesConfig } from 'aws-amplify';
import type { HandbookAuthConfig } from '@site/amplify-config';
import { listenForOAuthOutcome } from './oauth';

/**
 * The local identity service registers every local origin, and Amplify picks its redirect URL by
 * host name alone, so in local mode the page's own origin is the one to return to.
 */
function forThisOrigin(config: ResourcesConfig): ResourcesConfig {
  const cognito = config.Auth?.Cognito;
  const oauth = cognito?.loginWith?.oauth;
  if (!cognito || !oauth) return config;
  const home = [`${window.location.origin}/`];
  return {
    ...config,
    Auth: {
      Cognito: {
        ...cognito,
        loginWith: { ...cognito.loginWith, oauth: { ...oauth, redirectSignIn: home, redirectSignOut: home } },
      },
    } as ResourcesConfig['Auth'],
  };
}

if (ExecutionEnvironment.canUseDOM) {
  const auth = siteConfig.customFields?.auth as HandbookAuthConfig;
  listenForOAuthOutcome();
  Amplify.configure(auth.mode === 'local' ? forThisOrigin(auth.amplify) : auth.amplify);
}
