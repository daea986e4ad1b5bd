import React, { useEffect, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';

/** The validation messages the product asks for, in place of the browser's own bubbles. */
const REQUIRED = 'This field is required';
const INVALID_EMAIL = 'Please enter a valid email';

function messageFor(field: HTMLInputElement): string {
  if (field.validity.valueMissing) return REQUIRED;
  if (field.validity.typeMismatch && field.type === 'email') return INVALID_EMAIL;
  return field.validationMessage;
}

let nextId = 0;

/**
 * Shows the form's validation problems under each field in the spec's words. The browser still
 * checks the fields and holds the form back; cancelling its `invalid` events only stops its bubbles.
 */
export function FieldMessages({ root }: { root: RefObject<HTMLElement | null> }): ReactNode {
  const [problems, setProblems] = useState<Map<HTMLInputElement, { id: string; message: string }>>(new Map());

  useEffect(() => {
    const container = root.current;
    if (!container) return undefined;
    let focusPending = false;
    const onInvalid = (event: Event) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement)) return;
      event.preventDefault();
      // The browser focuses the first invalid field only when it shows its own bubble. The checks of
      // one submission run in one task, with microtasks between them: a timer marks its end.
      if (!focusPending) {
        focusPending = true;
        field.focus();
        setTimeout(() => (focusPending = false));
      }
      const id = field.dataset.problemId ?? `field-problem-${(nextId += 1)}`;
      field.dataset.problemId = id;
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', id);
      const message = messageFor(field);
      setProblems((previous) => new Map(previous).set(field, { id, message }));
    };
    const onInput = (event: Event) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement) || !field.hasAttribute('aria-invalid')) return;
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
      setProblems((previous) => {
        const next = new Map(previous);
        next.delete(field);
        return next;
      });
    };
    container.addEventListener('invalid', onInvalid, true);
    container.addEventListener('input', onInput, true);
    return () => {
      container.removeEventListener('invalid', onInvalid, true);
      container.removeEventListener('input', onInput, true);
    };
  }, [root]);

  return [...problems].map(([field, { id, message }]) => {
    const place = field.closest('.amplify-field');
    if (!field.isConnected || !place) return null;
    return createPortal(
      <p id={id} className="amplify-text amplify-field__error-message">
        {message}
      </p>,
      place,
      id,
    );
  });
}
