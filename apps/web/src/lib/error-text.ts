import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

/**
 * The general error text. It sends customers to their provider; provider staff are the provider, so
 * theirs sends them to the development team instead.
 */
function generalErrorText(t: TFunction, staff: boolean): string {
  return t(staff ? 'errors.errors_occured.text_staff' : 'errors.errors_occured.text', { ns: 'global' });
}

/**
 * An API error as text for the user: translated by its stable code (DESIGN.md §3). When the problem
 * names its particulars (`params`: a file name, a limit), the code's detailed text uses them.
 *
 * `staff` is required: staff and customers read different general texts, and a call that forgot the
 * audience gave staff the customers' one. Components use `useApiErrorText()`, which knows it.
 *
 * A refusal of fields (VALIDATION_FAILED) is shown by the form on the fields it has; a form shows this
 * text only for what it could not put on one of them (a path parameter, a field the form does not
 * have). "Some fields are not valid" would then point at nothing: the user cannot correct it, the app
 * sent it, so it gets the general text (try again; then tell the provider, or staff the developers).
 *
 * A 409 (the thing changed since it was read) whose code has no text of its own says so and how to
 * see the current state, not the general "try again", which would refuse again.
 */
export function apiErrorText(error: unknown, t: TFunction, staff: boolean): string {
  const fallback = generalErrorText(t, staff);
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return t('errors.network', { ns: 'global' });
  if (error.code === 'VALIDATION_FAILED') return fallback;
  const unknown = error.status === 409 ? t('errors.conflict', { ns: 'global' }) : fallback;
  // A 409 that the API did not name (Fastify's own, mapped to BAD_REQUEST) is still a conflict.
  const code = error.status === 409 && error.code === 'BAD_REQUEST' ? undefined : error.code;
  if (!code) return unknown;
  const general = t(`errors.codes.${code}`, { ns: 'global', defaultValue: unknown });
  const params = errorParams(error.details.params);
  if (!params) return general;
  return t(`errors.detailed.${code}`, { ns: 'global', ...params, defaultValue: general });
}

function errorParams(value: unknown): Record<string, string | number> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * A field message of the API ("must be at most 64 characters") as the form text of SPEC.md §5 in the
 * user's language; anything unknown becomes the general formatting message.
 */
export function fieldErrorText(message: string, t: TFunction): string {
  // The Dutch formats of @portaal/contracts/dutch-rules, matched by their words: importing its
  // constants would bring the module into the start.
  if (/Dutch postcode/.test(message)) return t('form.postcodeNl', { ns: 'global' });
  if (/\(KvK\) number/.test(message)) return t('form.kvkNumber', { ns: 'global' });
  if (/Dutch VAT number/.test(message)) return t('form.vatNumberNl', { ns: 'global' });
  const most = /at most (\d+)/.exec(message);
  if (most) return t('form.maxLength', { ns: 'global', max: Number(most[1]) });
  const least = /at least (\d+)/.exec(message);
  if (least) return t('form.minLength', { ns: 'global', min: Number(least[1]) });
  if (/required/.test(message)) return t('form.required', { ns: 'global' });
  if (/today or later/.test(message)) return t('form.notPast', { ns: 'global' });
  return t('form.format', { ns: 'global' });
}

/**
 * An API refusal's field errors on the form's own fields (`formFields`; `contacts.0.email` lies within
 * `contacts`), each as the form text of its field. `complete` says whether these fields show all of
 * the refusal: when not, the form also shows the refusal's message (`useApiErrorText`), or the user
 * would read of nothing, or of invalid fields with none marked. `word` is a form's own wording of a
 * field message, when it has one.
 */
export function formFieldErrors(
  error: unknown,
  formFields: readonly string[],
  t: TFunction,
  word: (message: string) => string = (message) => fieldErrorText(message, t),
): { fields: Record<string, string>; complete: boolean } {
  const fields: Record<string, string> = {};
  const refused = error instanceof ApiError ? (error.details.errors ?? []) : [];
  let complete = refused.length > 0;
  for (const item of refused) {
    const field = formFields.find((name) => item.field === name || item.field.startsWith(`${name}.`));
    if (field) fields[field] ??= word(item.message);
    else complete = false;
  }
  return { fields, complete };
}
