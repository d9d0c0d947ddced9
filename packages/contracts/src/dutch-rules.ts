/**
 * Dutch formats (country NL), one rule for the API's schemas and the web forms: a Chamber of Commerce
 * (KvK) number is exactly 8 digits, a postcode is 4 digits (no leading 0) and 2 letters, stored as
 * `1234 AB` (`1234AB` and lower case are accepted and normalised), a VAT number that starts with NL is
 * NL, 9 digits, B and 2 digits (NL123456789B01; spaces and dots allowed and kept). Other countries keep
 * the general rules of their fields: no library of the other EU formats is installed, and a hand-made
 * table would go stale. No zod here, so the forms can import it without the schema library.
 */

export const DUTCH_POSTCODE_MESSAGE = 'must be a Dutch postcode of 4 digits and 2 letters (1234 AB)';
export const KVK_NUMBER_MESSAGE = 'must be a Dutch Chamber of Commerce (KvK) number of 8 digits';
export const DUTCH_VAT_NUMBER_MESSAGE =
  'must be a Dutch VAT number: NL, 9 digits, B and 2 digits (NL123456789B01)';

const POSTCODE = /^([1-9][0-9]{3}) ?([A-Za-z]{2})$/;
const KVK_NUMBER = /^[0-9]{8}$/;
const DUTCH_VAT_NUMBER = /^NL[0-9]{9}B[0-9]{2}$/;

/** A VAT number without the spaces and dots people type in it, in capitals. */
const compactVat = (value: string) => value.replace(/[\s.]/g, '').toUpperCase();

/** Whether a country code (as typed or stored) is the Netherlands. */
export const isDutchCountry = (country: string | null | undefined): boolean =>
  country?.trim().toUpperCase() === 'NL';

/** `1234ab`, `1234 AB`, ` 1234 ab ` → `1234 AB`; anything else undefined. */
export function normaliseDutchPostcode(value: string): string | undefined {
  const match = POSTCODE.exec(value.trim());
  return match ? `${match[1]} ${(match[2] ?? '').toUpperCase()}` : undefined;
}

export const isKvkNumber = (value: string): boolean => KVK_NUMBER.test(value.trim());

/** The postcode's message when it breaks the rule of its country, otherwise undefined. */
export function postcodeProblem(postcode: string, country: string | null | undefined): string | undefined {
  return isDutchCountry(country) && normaliseDutchPostcode(postcode) === undefined
    ? DUTCH_POSTCODE_MESSAGE
    : undefined;
}

/** The country a VAT number names by its prefix (NL, DE, …; EL for Greece), undefined for no number. */
export function vatCountry(vat: string | null | undefined): string | undefined {
  return /^[A-Z]{2}/.exec(compactVat(vat ?? ''))?.[0];
}

/**
 * The country of a company as a new customer gives it: its main address's, else its VAT number's,
 * else the Netherlands (the portal's own, and what the create form's country select starts at). So a
 * KvK number is checked whether or not an address is given, and a foreign company stays possible by
 * its address or its VAT number (DE123456789 is a German company's).
 */
export function companyCountry(
  addressCountry: string | null | undefined,
  vat: string | null | undefined,
): string {
  return addressCountry?.trim() || vatCountry(vat) || 'NL';
}

const isDutchVatNumber = (value: string): boolean => DUTCH_VAT_NUMBER.test(compactVat(value));

/** The VAT number's message when its own country's rule (only NL's is known) refuses it, else undefined. */
export function vatNumberProblem(vat: string | null | undefined): string | undefined {
  if (!vat || vat.trim() === '') return undefined;
  return isDutchCountry(vatCountry(vat)) && !isDutchVatNumber(vat) ? DUTCH_VAT_NUMBER_MESSAGE : undefined;
}

/** The CoC number's message when it breaks the rule of its country, otherwise undefined (empty is no number). */
export function cocNumberProblem(
  coc: string | null | undefined,
  country: string | null | undefined,
): string | undefined {
  if (!coc || coc.trim() === '') return undefined;
  return isDutchCountry(country) && !isKvkNumber(coc) ? KVK_NUMBER_MESSAGE : undefined;
}

/** An address as stored: a Dutch postcode in its one form, any other as it came. */
export function withNormalisedPostcode<T extends { postal_code: string; country: string }>(address: T): T {
  if (!isDutchCountry(address.country)) return address;
  return { ...address, postal_code: normaliseDutchPostcode(address.postal_code) ?? address.postal_code };
}
