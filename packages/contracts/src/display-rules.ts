// SPEC.md §9's display rules, once, without zod: the web app's start and the API's PDF and CSV
// reports format numbers, hours and units with these functions.

export type DisplayLanguage = 'en' | 'nl';

/** Number format en-GB or nl-NL (SPEC.md §9). */
export const displayLocales: Record<DisplayLanguage, string> = { en: 'en-GB', nl: 'nl-NL' };

/** Units that are never translated or converted (SPEC.md §9). */
export const LITERAL_UNITS = ['Mbps', 'MiB', 'GiB', 'TiB', 'PB', 'TB', 'series', 'ks'] as const;
export type LiteralUnit = (typeof LITERAL_UNITS)[number];

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(language: DisplayLanguage, digits: number): Intl.NumberFormat {
  const key = `${language}:${digits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(displayLocales[language], {
      maximumFractionDigits: digits,
      minimumFractionDigits: 0,
      // A value that rounds to zero is "0", never "-0".
      signDisplay: 'negative',
    });
    formatters.set(key, found);
  }
  return found;
}

/** Quantities above 1000 are shown as integers; others with at most 2 decimals. */
export function formatNumber(value: number, language: DisplayLanguage): string {
  const digits = Math.abs(value) > 1000 ? 0 : 2;
  return formatter(language, digits).format(digits === 0 ? Math.round(value) : value);
}

/** A number and its unit, the unit kept literal: "2.048 GiB". */
export function formatQuantity(value: number, unit: string, language: DisplayLanguage): string {
  return unit === '' ? formatNumber(value, language) : `${formatNumber(value, language)} ${unit}`;
}

const hourLabels: Record<DisplayLanguage, { hours: string; minutes: string }> = {
  en: { hours: 'h', minutes: 'min' },
  nl: { hours: 'u', minutes: 'min' },
};

/** Hours as hours and minutes: 1.5 → "1 h 30 min" (en), "1 u 30 min" (nl). */
export function formatHours(hours: number, language: DisplayLanguage): string {
  const totalMinutes = Math.round(hours * 60);
  const sign = totalMinutes < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(totalMinutes) / 60);
  const minutes = Math.abs(totalMinutes) % 60;
  const { hours: h, minutes: m } = hourLabels[language];
  if (whole === 0) return `${sign}${minutes} ${m}`;
  if (minutes === 0) return `${sign}${formatNumber(whole, language)} ${h}`;
  return `${sign}${formatNumber(whole, language)} ${h} ${minutes} ${m}`;
}

const GIB = 1024 ** 3;
const TIB = 1024 ** 4;

/** Storage sizes in the literal binary units of SPEC.md §9: TiB from 1 TiB on, GiB below. */
export function formatBytes(bytes: number, language: DisplayLanguage): string {
  return bytes >= TIB
    ? formatQuantity(bytes / TIB, 'TiB', language)
    : formatQuantity(bytes / GIB, 'GiB', language);
}

/** A percentage with the number rules above: "99,95%". */
export function formatPercent(value: number, language: DisplayLanguage): string {
  return `${formatNumber(value, language)}%`;
}
