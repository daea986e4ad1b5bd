// Configures Amplify before the Authenticator first renders.
import '@site/src/auth/amplifyClient';
import amplifyStyles from 'amplify-ui.css?url';
import {
  Alert,
  Authenticator,
  Button,
  defaultDarkModeOverride,
  Divider,
  Flex,
  Heading,
  Image,
  ThemeProvider,
  useAuthenticator,
} from '@aws-amplify/ui-react';
import type { Theme } from '@aws-amplify/ui-react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import React, { useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { signInWithGoogle, useOAuthFailure } from '@site/src/auth/oauth';
import { destinationOf } from '@site/src/auth/returnPath';
import styles from './styles.module.css';

/**
 * Amplify UI in the site's colours (those of src/css/custom.css): its primary scale, and in dark
 * mode a lighter link colour, both at WCAG AA contrast on their backgrounds.
 */
const theme: Theme = {
  name: 'handbook',
  tokens: {
    colors: {
      primary: {
        10: '#eaf3fc',
        20: '#cfe3f8',
        40: '#8cc4ff',
        60: '#2e7fd1',
        80: '#0b5cad',
        90: '#094e93',
        100: '#063a6e',
      },
    },
    fonts: {
      default: { variable: 'var(--ifm-font-family-base)', static: 'var(--ifm-font-family-base)' },
    },
  },
  overrides: [
    defaultDarkModeOverride,
    {
      // Dark mode draws primary buttons with dark text: give them the light blue of the site's dark theme.
      colorMode: 'dark',
      tokens: {
        colors: {
          primary: { 80: '#8cc4ff', 90: '#add5ff', 100: '#cfe3f8' },
          font: { interactive: '#8cc4ff' },
        },
      },
    },
  ],
};

/**
 * The site's colour mode, read from `<html data-theme>`: the gate renders in `Root`, outside
 * Docusaurus's colour-mode context, but the theme attribute is set before the first paint.
 */
function useSiteColorMode(): 'light' | 'dark' {
  return useSyncExternalStore(
    (notify) => {
      const observer = new MutationObserver(notify);
      observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
      return () => observer.disconnect();
    },
    () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
    () => 'light',
  );
}

function Header(): React.JSX.Element {
  const colorMode = useSiteColorMode();
  const logo = useBaseUrl(colorMode === 'dark' ? '/img/logo-dark.svg' : '/img/logo.svg');
  return (
    <Flex direction="column" alignItems="center" gap="small" padding="large">
      <Image src={logo} alt="Engineering Handbook" width="4rem" height="4rem" />
      <Heading level={1} className={styles.title}>
        Eng Handbook
      </Heading>
    </Flex>
  );
}

/** Google through the hosted sign-in, carrying the page the reader started from. */
function GoogleSignIn(): React.JSX.Element {
  const [failure, dismiss] = useOAuthFailure();
  return (
    <Flex direction="column" gap="medium" padding="xl xl 0">
      {failure && (
        <Alert variation="error" isDismissible onDismiss={dismiss} heading={failure.message}>
          {failure.detail}
        </Alert>
      )}
      <Button width="100%" onClick={() => void signInWithGoogle(destinationOf(window.location))}>
        Sign In with Google
      </Button>
      <Divider label="or" size="small" />
    </Flex>
  );
}

const components = {
  Header,
  SignIn: { Header: GoogleSignIn },
};

/**
 * Tells the session once the Authenticator's flow has ended, including any verify-email step.
 * (Its `authStatus` turns "authenticated" on Amplify's signedIn event, before that step.)
 */
function Gate({ onSignedIn }: { onSignedIn: () => void }): ReactNode {
  const { route } = useAuthenticator((context) => [context.route]);
  useEffect(() => {
    if (route === 'authenticated') onSignedIn();
  }, [route, onSignedIn]);
  return <Authenticator variation="modal" hideSignUp socialProviders={[]} components={components} />;
}

export default function SignInGate({ onSignedIn }: { onSignedIn: () => void }): ReactNode {
  const colorMode = useSiteColorMode();
  return (
    <ThemeProvider theme={theme} colorMode={colorMode}>
      {/* React holds the form back until its styles have loaded: no unstyled flash. */}
      <link rel="stylesheet" href={amplifyStyles} precedence="amplify-ui" />
      <Authenticator.Provider>
        <Gate onSignedIn={onSignedIn} />
      </Authenticator.Provider>
    </ThemeProvider>
  );
}
