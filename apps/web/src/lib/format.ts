/** Formatting rules of SPEC.md §9: en-GB / nl-NL numbers, DD-MM-YYYY dates, literal units. */
export type Language = 'en' | 'nl';

const locales: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };

/** Units that are never translated or converted. */
export const LITERAL_UNITS = ['Mbps', 'MiB', 'GiB', 'TiB', 'PB', 'TB', 'series', 'ks'] as const;

/** Quantities above 1000 are shown as integers; smaller ones with at most 2 decimals. */
export function formatNumber(value: number, language: Language): string {
  const digits = Math.abs(value) > 1000 ? 0 : 2;
  return new Intl.NumberFormat(locales[language], {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
  }).format(digits === 0 ? Math.round(value) : value);
}

export function formatQuantity(value: number, unit: string, language: Language): string {
  return `${formatNumber(value, language)} ${unit}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: Date | string | number): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** DD-MM-YYYY in the user's time zone; an ISO date without time stays on its calendar day. */
export function formatDate(value: Date | string | number): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-');
    return `${day}-${month}-${year}`;
  }
  const date = toDate(value);
  return date ? `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}` : '';
}

/** DD-MM-YYYY HH:mm */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

const hourLabels: Record<Language, { hours: string; minutes: string }> = {
  en: { hours: 'h', minutes: 'min' },
  nl: { hours: 'u', minutes: 'min' },
};

/** Hours as hours and minutes: 1.5 → "1 h 30 min" (en), "1 u 30 min" (nl). */
export function formatHours(hours: number, language: Language): string {
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
export function formatBytes(bytes: number, language: Language): string {
  return bytes >= TIB
    ? formatQuantity(bytes / TIB, 'TiB', language)
    : formatQuantity(bytes / GIB, 'GiB', language);
}
