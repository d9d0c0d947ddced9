import { formatDateTime, type Language } from '../../../lib/format.ts';

const locales: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** From a week on, a date says more than "12 days ago". */
const RELATIVE_UNTIL = 7 * DAY;

/**
 * When a notification arrived: relative while recent ("5 minutes ago", "gisteren"), then
 * DD-MM-YYYY HH:mm (SPEC.md §9). Times slightly in the future (clock skew) count as now.
 */
export function formatRelativeTime(
  value: string | Date,
  language: Language,
  justNow: string,
  now: Date = new Date(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  const age = now.getTime() - date.getTime();
  if (Number.isNaN(age)) return '';
  if (age < MINUTE) return justNow;
  if (age >= RELATIVE_UNTIL) return formatDateTime(date);
  const format = new Intl.RelativeTimeFormat(locales[language], { numeric: 'auto' });
  if (age < HOUR) return format.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return format.format(-Math.floor(age / HOUR), 'hour');
  // Whole calendar days, so a message of the day before yesterday at 23:00 is never "yesterday".
  return format.format(-Math.round((startOfDay(now) - startOfDay(date)) / DAY), 'day');
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
