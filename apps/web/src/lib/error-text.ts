import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

/**
 * The general error text. It sends customers to their provider; provider staff are the provider, so
 * theirs sends them to the development team instead.
 */
function generalErrorText(t: TFunction, staff = false): string {
  return t(staff ? 'errors.errors_occured.text_staff' : 'errors.errors_occured.text', { ns: 'global' });
}

/**
 * An API error as text for the user: translated by its stable code (DESIGN.md §3). When the problem
 * names its particulars (`params`: a file name, a limit), the code's detailed text uses them.
 */
export function apiErrorText(error: unknown, t: TFunction, staff = false): string {
  const fallback = generalErrorText(t, staff);
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return t('errors.network', { ns: 'global' });
  if (!error.code) return fallback;
  const general = t(`errors.codes.${error.code}`, { ns: 'global', defaultValue: fallback });
  const params = errorParams(error.details.params);
  if (!params) return general;
  return t(`errors.detailed.${error.code}`, { ns: 'global', ...params, defaultValue: general });
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
