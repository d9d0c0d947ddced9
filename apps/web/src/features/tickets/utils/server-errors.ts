import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText, fieldErrorText } from '../../../lib/error-text.ts';

export interface ServerErrors {
  /** Texts for the form's own fields, keyed by the API's field name. */
  fields: Record<string, string>;
  /** A message for the form as a whole, when something could not be put on a field. */
  message?: string;
}

/**
 * An API refusal as texts for the user: field errors go onto the fields the form has (attachment
 * refusals onto its file list), everything else becomes one message above the submit button.
 */
export function serverErrors(
  error: unknown,
  formFields: readonly string[],
  t: TFunction,
  staff = false,
): ServerErrors {
  const fields: Record<string, string> = {};
  let unplaced = false;
  if (error instanceof ApiError) {
    for (const item of error.details.errors ?? []) {
      const field = formFields.find((name) => item.field === name || item.field.startsWith(`${name}.`));
      if (field) fields[field] ??= fieldErrorText(item.message, t);
      else unplaced = true;
    }
    if (error.code?.startsWith('ATTACHMENT_') && formFields.includes('attachments')) {
      fields.attachments = apiErrorText(error, t, staff);
    }
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, message: !placed || unplaced ? apiErrorText(error, t, staff) : undefined };
}
