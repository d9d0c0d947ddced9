import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useIsStaff } from '../../../app/session.ts';
import { isSessionExpired } from '../../../lib/api-client.ts';
import { serverErrors } from '../utils/server-errors.ts';

/** The parts of a Mantine form this needs. */
interface FormLike {
  setErrors: (errors: Record<string, string>) => void;
  getInputNode: (path: string) => HTMLElement | null;
}

/**
 * Where a form's errors go: invalid fields get their text and the first one the focus; what belongs to
 * no field becomes one message for the form, which then takes the focus (FormFooter renders it). The
 * focus never stays on the submit button, which is disabled while sending: the browser would drop it
 * on the page's body. The entered values stay, so nothing is lost.
 */
export function useFormFeedback(form: FormLike, fields: readonly string[], t: TFunction) {
  const [message, setMessage] = useState<string>();
  // One text per refused file (client checks), or the server's one refusal of the upload.
  const [fileErrors, setFileErrors] = useState<readonly string[]>([]);
  const [sessionExpired, setSessionExpired] = useState(false);
  const staff = useIsStaff();
  const messageRef = useRef<HTMLDivElement>(null);
  // Counts the refusals that go to the message: the message exists only after the render, so the
  // focus moves in an effect, and a second refusal with the same text moves it again.
  const [messageFocus, setMessageFocus] = useState(0);
  useEffect(() => {
    if (messageFocus > 0) messageRef.current?.focus();
  }, [messageFocus]);

  const focusFirst = (errors: Record<string, unknown>) => {
    const first = fields.find((field) => errors[field]);
    if (first === 'attachments') {
      document.querySelector<HTMLElement>('[data-attachments-button]')?.focus();
    } else if (first) {
      form.getInputNode(first)?.focus();
    }
    return first !== undefined;
  };

  return {
    message,
    /** The message is a 401's: the form offers to sign in again. */
    sessionExpired,
    /** Where FormFooter puts the message, so that it can take the focus. */
    messageRef,
    fileErrors,
    setFileErrors,
    reset() {
      setMessage(undefined);
      setFileErrors([]);
      setSessionExpired(false);
    },
    /** Client-side validation failed. */
    onInvalid(errors: Record<string, unknown>) {
      setMessage(undefined);
      setSessionExpired(false);
      focusFirst(errors);
    },
    /** The server refused: the focus goes to the first field it blamed, else to the message. */
    onServerError(error: unknown) {
      const { fields: byField, message: general } = serverErrors(error, fields, t, staff);
      const { attachments, ...rest } = byField;
      form.setErrors(rest);
      setFileErrors(attachments ? [attachments] : []);
      setMessage(general);
      setSessionExpired(isSessionExpired(error));
      if (!focusFirst(byField) && general) setMessageFocus((count) => count + 1);
    },
  };
}

export type FormFeedback = ReturnType<typeof useFormFeedback>;
