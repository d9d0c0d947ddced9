import { type CustomerRole, hasControlCharacters, type Language } from '@portaal/contracts';
import {
  MAILING_BODY_MAX,
  MAILING_BODY_MIN,
  MAILING_LABEL_MAX,
  MAILING_LABEL_MIN,
  MAILING_SENDER_MAX,
  MAILING_SUBJECT_MAX,
  MAILING_SUBJECT_MIN,
  type MailingInput,
  type MailingProduct,
  type MailingQuery,
} from '@portaal/contracts/mailings';
import type { TFunction } from 'i18next';

/** A customer chosen for the mailing list, with the name it is shown by. */
export interface ChosenCustomer {
  id: number;
  name: string;
}

/** The wizard's form: the contracts' input, with the chosen customers by name. */
export interface WizardValues {
  query: {
    customer_statuses: MailingQuery['customer_statuses'];
    languages: Language[];
    products: MailingProduct[];
    roles: CustomerRole[];
    customers: ChosenCustomer[];
  };
  label: string;
  sender: string;
  subject: { en: string; nl: string };
  body: { en: string; nl: string };
}

export const initialWizardValues = (sender: string): WizardValues => ({
  query: { customer_statuses: ['active'], languages: [], products: [], roles: [], customers: [] },
  label: '',
  sender,
  subject: { en: '', nl: '' },
  body: { en: '', nl: '' },
});

export function toQuery(values: WizardValues['query']): MailingQuery {
  return {
    customer_statuses: values.customer_statuses,
    languages: values.languages,
    products: values.products,
    roles: values.roles,
    customer_ids: [...new Set(values.customers.map((customer) => customer.id))],
  };
}

export function toInput(values: WizardValues): MailingInput {
  return {
    label: values.label.trim(),
    sender: values.sender.trim(),
    subject: { en: values.subject.en.trim(), nl: values.subject.nl.trim() },
    body: { en: values.body.en.trim(), nl: values.body.nl.trim() },
    query: toQuery(values.query),
  };
}

/** The most characters each field of the content step takes: the contract's, for the form to name. */
export const contentMax = {
  label: MAILING_LABEL_MAX,
  sender: MAILING_SENDER_MAX,
  subject: MAILING_SUBJECT_MAX,
  body: MAILING_BODY_MAX,
} as const;

/**
 * SPEC.md §5's rules with their messages, the same as mailingInputSchema's (decision 0026). An empty
 * field is named in its message, a too long one gets the maximum and its length: the fields take
 * longer text (a paste) instead of cutting it off unseen. Control characters get the general format
 * message, as in the other forms: the contracts' rule on the trimmed text the API gets (line breaks
 * and tabs only in a body).
 */
export function wizardRules(t: TFunction) {
  const length = (
    value: string,
    min: number,
    max: number,
    required: string,
    tooShort: string,
    multiline = false,
  ) => {
    const trimmed = value.trim();
    if (trimmed.length === 0) return required;
    if (hasControlCharacters(trimmed, { multiline })) return t('form.format', { ns: 'global' });
    if (trimmed.length < min) return tooShort;
    if (trimmed.length > max) return t('mailings.form.tooLong', { max, count: trimmed.length });
    return null;
  };
  const subject = (language: 'en' | 'nl') => (value: string) =>
    length(
      value,
      MAILING_SUBJECT_MIN,
      MAILING_SUBJECT_MAX,
      t(`mailings.form.required.subject.${language}`),
      t('mailings.form.subjectMin', { min: MAILING_SUBJECT_MIN }),
    );
  const body = (language: 'en' | 'nl') => (value: string) =>
    length(
      value,
      MAILING_BODY_MIN,
      MAILING_BODY_MAX,
      t(`mailings.form.required.body.${language}`),
      t('mailings.form.bodyMin', { min: MAILING_BODY_MIN }),
      true,
    );
  return {
    label: (value: string) =>
      length(
        value,
        MAILING_LABEL_MIN,
        MAILING_LABEL_MAX,
        t('mailings.form.required.label'),
        t('form.minLength', { ns: 'global', min: MAILING_LABEL_MIN }),
      ),
    sender: (value: string) => length(value, 1, MAILING_SENDER_MAX, t('mailings.form.required.sender'), ''),
    subject: { en: subject('en'), nl: subject('nl') },
    body: { en: body('en'), nl: body('nl') },
  };
}

/** The fields of the content step, in the order they are shown (the first wrong one gets focus). */
export const contentFields = ['label', 'sender', 'subject.en', 'body.en', 'subject.nl', 'body.nl'] as const;
