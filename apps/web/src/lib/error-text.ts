import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

/** An API error as text for the user: translated by its stable code (DESIGN.md §3). */
export function apiErrorText(error: unknown, t: TFunction): string {
  const fallback = t('errors.errors_occured.text', { ns: 'global' });
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return t('errors.network', { ns: 'global' });
  return error.code ? t(`errors.codes.${error.code}`, { ns: 'global', defaultValue: fallback }) : fallback;
}

/**
 * A field message of the API ("must be at most 64 characters") as the form text of SPEC.md §5 in the
 * user's language; anything unknown becomes the general formatting message.
 */
export function fieldErrorText(message: string, t: TFunction): string {
  const most = /at most (\d+)/.exec(message);
  if (most) return t('form.maxLength', { ns: 'global', max: Number(most[1]) });
  const least = /at least (\d+)/.exec(message);
  if (least) return t('form.minLength', { ns: 'global', min: Number(least[1]) });
  if (/required/.test(message)) return t('form.required', { ns: 'global' });
  return t('form.format', { ns: 'global' });
}
