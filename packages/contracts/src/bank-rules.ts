import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

// Bank details (SPEC.md §5: valid IBAN, valid BIC) by ibantools, a well-kept library that knows every
// country's IBAN length and account format; a module of its own, so that only the screens and schemas
// that check bank details load its country table.

/** ISO 13616: the country's length and account (BBAN) format, and the mod-97 check digits. */
export const isValidIban = (value: string): boolean => isValidIBAN(value);

/** ISO 9362: bank, country, location, optional branch (8 or 11 characters). */
export const isValidBic = (value: string): boolean => isValidBIC(value);

/** The electronic form of a typed IBAN: no spaces, upper case ('nl91 abna …' → 'NL91ABNA…'). */
export const normaliseIban = (value: string): string => electronicFormatIBAN(value) ?? '';

/** An IBAN in groups of 4 characters, the way it is printed on paper: NL91 ABNA 0417 1643 00. */
export const formatIban = (value: string): string => friendlyFormatIBAN(value) ?? value;
