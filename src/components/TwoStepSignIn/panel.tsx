/**
 * The "Two-step sign-in" dialog's content, in Amplify UI's primitives and the sign-in form's theme,
 * so setting an authenticator up here looks as it does at sign-in. Loaded only when opened.
 */
import { Alert, Button, Flex, Heading, Image, Loader, Text, TextField } from '@aws-amplify/ui-react';
import React, { useCallback, useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useColorMode } from '@docusaurus/theme-common';
import type { PasswordAccountMfa } from '@site/core/password-mfa';
import {
  confirmAuthenticator,
  newAuthenticator,
  signedInAt,
  totpIsOn,
  turnTotpOff,
} from '@site/src/auth/two-step-sign-in';
import type { NewAuthenticator } from '@site/src/auth/two-step-sign-in';
import amplifyUi from '@generated/two-step-sign-in-styles/default/styles.json';
import { THEME_NAME } from '../SignInForm/theme';
import { choicesFor, doneMessage, problemOf, signedInRecently, typedCode } from './choices';
import styles from './styles.module.css';

type Step =
  | { kind: 'loading' }
  | { kind: 'overview'; on: boolean }
  | { kind: 'setup'; on: boolean; authenticator: NewAuthenticator }
  | { kind: 'unavailable' };

/** The setup screen: the QR code and the key as text, as the Authenticator's TOTP setup shows them. */
function SetUp({
  authenticator,
  busy,
  problem,
  onConfirm,
  onCancel,
}: {
  authenticator: NewAuthenticator;
  busy: boolean;
  /** A refused code, said beside the field it came from. */
  problem: ReactNode;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}): ReactNode {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedCode(code);
    setInvalid(!typed);
    if (typed) onConfirm(typed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="medium">
        <Text>
          Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or
          type the key into it. Then enter the six-digit code it shows.
        </Text>
        <Image
          data-amplify-qrcode
          className={styles.qrCode}
          src={authenticator.qrCode}
          alt="QR code for your authenticator app"
          width="228"
          height="228"
        />
        <Text as="div" className={styles.secret}>
          <span className={styles.secretLabel}>Key</span>
          <span>{authenticator.secret}</span>
        </Text>
        <TextField
          label="Code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          hasError={invalid}
          errorMessage="Enter the six digits your app shows."
          isDisabled={busy}
        />
        {problem}
        <Flex direction="row" gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isLoading={busy} loadingText="Checking…">
            Confirm
          </Button>
          <Button type="button" onClick={onCancel} isDisabled={busy}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

export default function TwoStepSignInPanel({
  setting,
  email,
}: {
  setting: PasswordAccountMfa;
  email: string;
}): ReactNode {
  const { colorMode } = useColorMode();
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Whether the session's sign-in is recent enough to move the authenticator, judged as the dialog opens.
  const [freshSignIn, setFreshSignIn] = useState(false);

  useEffect(() => {
    // Both read before the overview shows, so it never offers a change the sign-in's age forbids.
    Promise.all([totpIsOn(), signedInAt().catch(() => null)]).then(
      ([on, authTime]) => {
        setFreshSignIn(signedInRecently(authTime, Date.now()));
        setStep({ kind: 'overview', on });
      },
      (error: unknown) => {
        setProblem(problemOf(error));
        setStep({ kind: 'unavailable' });
      },
    );
  }, []);

  /** Runs one change; a refusal is one line, and the step stays as it was. */
  const attempt = useCallback(async (change: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await change();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }, []);

  const on = step.kind === 'overview' || step.kind === 'setup' ? step.on : false;
  const choices = choicesFor(setting, on, freshSignIn);
  const refusal = problem && (
    <Alert variation="error" role="alert">
      {problem}
    </Alert>
  );
  return (
    <div data-amplify-theme={THEME_NAME} data-amplify-color-mode={colorMode} className={styles.panel}>
      <style>{amplifyUi.css}</style>
      <Flex direction="column" gap="medium">
        {step.kind === 'loading' && <Loader size="large" ariaLabel="Reading your two-step sign-in" />}
        {done && (
          <Alert variation="success" role="status">
            {done}
          </Alert>
        )}
        {step.kind !== 'setup' && refusal}
        {step.kind === 'overview' && (
          <>
            <Text>{choices.status}</Text>
            <Flex direction="row" gap="small" wrap="wrap">
              {choices.setUp && (
                <Button
                  variation="primary"
                  isLoading={busy}
                  onClick={() =>
                    void attempt(async () =>
                      setStep({ kind: 'setup', on, authenticator: await newAuthenticator(email) }),
                    )
                  }
                >
                  {choices.setUp}
                </Button>
              )}
              {choices.turnOff && (
                <Button
                  isDisabled={busy}
                  onClick={() =>
                    void attempt(async () => {
                      await turnTotpOff();
                      setStep({ kind: 'overview', on: await totpIsOn() });
                      setDone('Two-step sign-in is off: your password alone signs you in.');
                    })
                  }
                >
                  Turn off two-step sign-in
                </Button>
              )}
            </Flex>
          </>
        )}
        {step.kind === 'setup' && (
          <>
            <Heading level={3} className={styles.stepTitle}>
              {choices.setUp}
            </Heading>
            <SetUp
              authenticator={step.authenticator}
              busy={busy}
              problem={refusal}
              onCancel={() => {
                setProblem(null);
                setStep({ kind: 'overview', on: step.on });
              }}
              onConfirm={(code) =>
                void attempt(async () => {
                  await confirmAuthenticator(code);
                  setStep({ kind: 'overview', on: await totpIsOn() });
                  setDone(doneMessage(step.on));
                })
              }
            />
          </>
        )}
      </Flex>
    </div>
  );
}
