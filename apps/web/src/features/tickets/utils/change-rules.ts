import { isValidBic, isValidIban, normaliseIban } from '@portaal/contracts/bank-rules';
import { postcodeProblem } from '@portaal/contracts/dutch-rules';
import type { TFunction } from 'i18next';
import { type Check, requiredText } from './form-rules.ts';

// The checks of the address and bank account change requests only: apart from form-rules.ts, which the
// ticket page's reply form shares, so that the bank and postcode rules load with these forms alone.

/** An IBAN as the API takes it: without spaces, upper case. */
export { normaliseIban };
export const normaliseBic = (value: string) => value.trim().toUpperCase();

export function ibanCheck(t: TFunction): Check {
  return (value) => {
    if (value.trim() === '') return t('form.required', { ns: 'global' });
    return isValidIban(normaliseIban(value)) ? null : t('form.iban', { ns: 'global' });
  };
}

export function bicCheck(t: TFunction): Check {
  return (value) => {
    const bic = normaliseBic(value);
    return bic === '' || isValidBic(bic) ? null : t('form.bic', { ns: 'global' });
  };
}

export function countryCheck(t: TFunction): (value: string | null) => string | null {
  return (value) => {
    if (!value) return t('form.required', { ns: 'global' });
    return /^[A-Za-z]{2}$/.test(value) ? null : t('form.format', { ns: 'global' });
  };
}

/** A required postal code; in the Netherlands (the form's country) `1234 AB` (dutch-rules.ts). */
export function postalCodeCheck(
  t: TFunction,
  max: number,
): (value: string, values: { country: string | null }) => string | null {
  const required = requiredText(t, max);
  return (value, values) =>
    required(value) ??
    (postcodeProblem(value, values.country) ? t('form.postcodeNl', { ns: 'global' }) : null);
}
