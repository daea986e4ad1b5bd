import Head from '@docusaurus/Head';
import React from 'react';
import type { ReactNode } from 'react';
import SignInContinue from '@site/src/components/SignInContinue';

/**
 * The one page anyone may load. Signed out, the gate in `Root` shows the sign-in form in its place;
 * signed in, the reader is sent on to the page they asked for. No layout: it holds no handbook
 * text, and no links whose chunks a signed-out browser would try to prefetch.
 */
export default function SignIn(): ReactNode {
  return (
    <>
      <Head>
        <title>Sign in</title>
        <meta name="description" content="Sign in to the engineering handbook." />
      </Head>
      <main className="container">
        <SignInContinue />
      </main>
    </>
  );
}
