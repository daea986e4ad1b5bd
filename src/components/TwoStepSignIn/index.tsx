import clsx from 'clsx';
import React, { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Reader } from '@site/src/auth/session';
import { passwordAccountMfa } from '@site/src/auth/site-auth';
import type { PasswordAccountMfa } from '@site/core/password-mfa';
import { offersTwoStepSignIn } from './choices';
import styles from './styles.module.css';

/** Amplify, its UI primitives and the QR-code library load when a reader opens the dialog, not with pages. */
const Panel = lazy(() => import(/* webpackChunkName: "two-step-sign-in" */ './panel'));

function TwoStepDialog({
  setting,
  email,
  onClose,
}: {
  setting: PasswordAccountMfa;
  email: string;
  onClose: () => void;
}): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useId();
  // A modal <dialog>: the page behind it is inert, Escape closes it, and focus returns to the item.
  useEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={title} onClose={onClose}>
      <div className={styles.header}>
        <h2 id={title}>Two-step sign-in</h2>
        <button type="button" className="button button--sm button--secondary" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <Suspense fallback={<p className={styles.panel}>Loading…</p>}>
        <Panel setting={setting} email={email} />
      </Suspense>
    </dialog>
  );
}

/**
 * The account menu's "Two-step sign-in" item and the dialog it opens, where a password account
 * sets an authenticator app up, replaces it, or (`optional` only) turns it off. Shown only where
 * the build's `passwordAccountMfa` is not `off`, and never to a Google account (./choices.ts).
 */
export default function TwoStepSignIn({ reader, mobile }: { reader: Reader; mobile?: boolean }): ReactNode {
  const [open, setOpen] = useState(false);
  const setting = passwordAccountMfa();
  if (!offersTwoStepSignIn(setting, reader)) return null;
  const item = (
    <>
      <button
        type="button"
        className={clsx(mobile ? clsx('menu__link', styles.mobileItem) : 'button button--sm button--link', styles.item)}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Two-step sign-in
      </button>
      {open &&
        createPortal(
          <TwoStepDialog setting={setting} email={reader.email} onClose={() => setOpen(false)} />,
          document.body,
        )}
    </>
  );
  return mobile ? <li className="menu__list-item">{item}</li> : item;
}
