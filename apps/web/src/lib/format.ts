/** Formatting rules of SPEC.md §9: the number, hour and unit rules live once in contracts; dates here. */
export {
  type DisplayLanguage as Language,
  formatBytes,
  formatHours,
  formatNumber,
  formatQuantity,
  LITERAL_UNITS,
} from '@portaal/contracts/display-rules';

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

export { formatMonth } from './format-month.ts';
