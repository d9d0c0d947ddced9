/**
 * Countries offered first in address forms; the names come from the browser in the user's language.
 * Shared by the address change request and the staff's new customer form.
 */
const COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'LU',
  'FR',
  'GB',
  'IE',
  'DK',
  'SE',
  'NO',
  'FI',
  'ES',
  'PT',
  'IT',
  'AT',
  'CH',
  'PL',
  'CZ',
  'US',
] as const;

export function countryOptions(language: string) {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return COUNTRIES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}
