import type { TFunction } from 'i18next';

/**
 * The form checks of SPEC.md §5 with the limits of packages/contracts (tickets.ts), repeated here so
 * that the screens do not load zod; the server checks again and its field errors land on the fields.
 */
export const limits = {
  subject: { min: 3, max: 200 },
  description: { max: 20_000 },
  reply: { max: 20_000 },
  street: { max: 120 },
  houseNumber: { max: 20 },
  postalCode: { max: 20 },
  town: { max: 80 },
  note: { max: 2000 },
  accountHolder: { max: 120 },
  contractReference: { max: 60 },
} as const;

export type Check = (value: string) => string | null;

export function requiredText(t: TFunction, max: number, min = 1): Check {
  return (value) => {
    const length = value.trim().length;
    if (length === 0) return t('form.required', { ns: 'global' });
    if (length < min) return t('form.minLength', { ns: 'global', min });
    if (length > max) return t('form.maxLength', { ns: 'global', max });
    return null;
  };
}

export function optionalText(t: TFunction, max: number): Check {
  return (value) => (value.trim().length > max ? t('form.maxLength', { ns: 'global', max }) : null);
}

export function requiredChoice(t: TFunction): (value: string | null) => string | null {
  return (value) => (value ? null : t('form.required', { ns: 'global' }));
}

/** Today as YYYY-MM-DD on the user's own calendar (a date input's value and `min`). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A required date (YYYY-MM-DD); with `notBefore`, no earlier than that day. */
export function dateCheck(t: TFunction, notBefore?: () => string): Check {
  return (value) => {
    if (value.trim() === '') return t('form.required', { ns: 'global' });
    const date = new Date(`${value}T00:00:00Z`);
    const valid =
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(value);
    if (!valid) return t('form.format', { ns: 'global' });
    return notBefore && value < notBefore() ? t('form.notPast', { ns: 'global' }) : null;
  };
}

/** Text fields as the API wants them: trimmed, and left out when empty and optional. */
export const trimmedOrUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());
