import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, text } from './text.ts';

export const customerIdSchema = z.coerce
  .number({ error: 'must be a customer id' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(2_147_483_647, 'is too large');

export const customerParamsSchema = z.object({ customer_id: customerIdSchema });

export const limitSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 100')
  .max(100, 'must be between 1 and 100')
  .default(25);

export const cursorSchema = text().max(512, 'is too long').optional();

export const isoDateSchema = z.string().describe('ISO 8601 date (YYYY-MM-DD)');
/** An instant as the API writes it: ISO 8601 in UTC with a Z (the schema says format date-time). */
export const isoDateTimeSchema = z.iso.datetime().describe('ISO 8601 date-time in UTC');

/** Kept for schemas written before `text()` (text.ts): the same multi-line rule, NUL included. */
export const noNul = (value: string) => !hasControlCharacters(value, { multiline: true });
export const NO_NUL = CONTROL_CHARACTERS_MESSAGE;

/** One value or several, comma-separated: ?status=new,open */
export const commaList = z
  .string()
  .max(200, 'is too long')
  .transform((value) => value.split(',').filter((part) => part !== ''));

// Made on first use, not when the module loads: a tab's first DisplayNames loads ICU's region names
// (30–60 ms in a fresh Chromium tab), which the screens importing these schemas would pay on arrival.
let regionNames: Intl.DisplayNames | undefined;
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO']);

/** An ISO 3166-1 alpha-2 code the runtime knows as a region ("ZZ", "QQ", "EU" are not countries). */
export function isCountryCode(code: string): boolean {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return !NOT_COUNTRIES.has(code) && regionNames.of(code) !== undefined;
}
