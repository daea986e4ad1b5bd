// Configures Amplify before the Authenticator first renders.
import '@site/src/auth/amplify-client';
import { Alert, Authenticator, Button, Divider, Flex, Heading, Image, useAuthenticator } from '@aws-amplify/ui-react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import React, { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { signInWithGoogle, useOAuthFailure } from '@site/src/auth/google-sign-in';
import { destinationOf } from '@site/src/auth/return-path';
import { TOTP_ISSUER } from '@site/core/password-mfa';
import { FieldMessages } from './field-messages';
import { NOTICE_TEXT, services, setNotice, useNotice } from './notices';
import styles from './styles.module.css';
import { THEME_NAME } from './theme';

/**
 * The site's colour mode, read from `<html data-theme>`: the sign-in page has no Docusaurus
 * colour-mode context, but its inline script sets the attribute before the first paint.
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

/**
 * Cognito gives a sign-in challenge three minutes; a password change sent later is refused ("session
 * is expired"), which Amplify UI words as an expired verification code, though that step asks for
 * none. The reader is told what happened and sent back to "Sign in" to start again. A notice is
 * forgotten once the reader moves on from "Sign in".
 */
function useNoticeRouting(): void {
  const { route, error, toSignIn } = useAuthenticator((context) => [context.route, context.error]);
  const expiredChallenge = route === 'forceNewPassword' && /expired/i.test(error ?? '');
  const previousRoute = useRef(route);
  useEffect(() => {
    if (expiredChallenge) {
      setNotice('sessionExpired');
      toSignIn();
    } else if (previousRoute.current === 'signIn' && route !== 'signIn') {
      setNotice(null);
    }
    previousRoute.current = route;
  }, [expiredChallenge, route, toSignIn]);
}

function Header(): React.JSX.Element {
  useNoticeRouting();
  const colorMode = useSiteColorMode();
  const logo = useBaseUrl(colorMode === 'dark' ? '/img/logo-dark.svg' : '/img/logo.svg');
  return (
    <Flex direction="column" alignItems="center" gap="small" padding="large">
      <Image src={logo} alt="Engineering Handbook" width="4rem" height="4rem" />
      <Heading level={1} className={styles.title}>
        Engineering Handbook
      </Heading>
    </Flex>
  );
}

/** Google's "G", as its branding guidelines ask for on a sign-in button (standard colours, 18 px). */
function GoogleMark(): React.JSX.Element {
  return (
    <svg className={styles.googleMark} viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/** Google through the hosted sign-in, carrying the page the reader started from; and any notice for the reader. */
function GoogleSignIn(): React.JSX.Element {
  const [failure, dismiss] = useOAuthFailure();
  const notice = useNotice();
  return (
    <Flex direction="column" gap="medium" padding="xl xl 0">
      {notice && (
        <Alert
          variation={notice === 'passwordReset' ? 'success' : 'warning'}
          isDismissible
          onDismiss={() => setNotice(null)}
          role="status"
        >
          {NOTICE_TEXT[notice]}
        </Alert>
      )}
      {failure && (
        <Alert variation="error" isDismissible onDismiss={dismiss} heading={failure.message}>
          {failure.detail}
        </Alert>
      )}
      <Button width="100%" gap="0.75rem" onClick={() => void signInWithGoogle(destinationOf(window.location))}>
        <GoogleMark />
        Sign In with Google
      </Button>
      <Divider label="or" size="small" />
    </Flex>
  );
}

/** The code step of a password reset, like the step before it, offers a way back. */
function BackToSignIn(): React.JSX.Element {
  const { toSignIn } = useAuthenticator(() => []);
  return (
    <Flex direction="column" alignItems="center">
      <Button type="button" variation="link" size="small" onClick={toSignIn}>
        Back to Sign In
      </Button>
    </Flex>
  );
}

/**
 * The name an authenticator app lists the handbook's code under (the QR code's TOTP issuer),
 * instead of Amplify UI's default "AWSCognito"; the account is the reader's email.
 */
const formFields = { setupTotp: { QR: { totpIssuer: TOTP_ISSUER } } };

const components = {
  Header,
  SignIn: { Header: GoogleSignIn },
  ConfirmResetPassword: { Footer: BackToSignIn },
};

/**
 * Tells the session once the Authenticator's flow has ended, including any verify-email step.
 * (Its `authStatus` turns "authenticated" on Amplify's signedIn event, before that step.)
 */
function AuthenticatorReportingSignIn({ onSignedIn }: { onSignedIn: () => void }): ReactNode {
  const { route } = useAuthenticator((context) => [context.route]);
  useEffect(() => {
    if (route === 'authenticated') onSignedIn();
  }, [route, onSignedIn]);
  const form = useRef<HTMLDivElement>(null);
  return (
    <div ref={form}>
      <Authenticator
        variation="modal"
        hideSignUp
        socialProviders={[]}
        components={components}
        formFields={formFields}
        services={services}
      />
      <FieldMessages root={form} />
    </div>
  );
}

/**
 * The form in the handbook's Amplify UI theme. Amplify UI's styles and the theme's CSS, computed
 * when the page is built (`./theme.ts`), are in the sign-in page's stylesheet, so the form does not
 * wrap itself in Amplify UI's ThemeProvider, which computes the whole theme on every load.
 */
export default function SignInForm({ onSignedIn }: { onSignedIn: () => void }): ReactNode {
  const colorMode = useSiteColorMode();
  return (
    <div data-amplify-theme={THEME_NAME} data-amplify-color-mode={colorMode}>
      <Authenticator.Provider>
        <AuthenticatorReportingSignIn onSignedIn={onSignedIn} />
      </Authenticator.Provider>
    </div>
  );
}
