// The usage rules of SPEC.md §4 and §9 without zod, so the web app's routes and the API's reports
// share them without bringing zod into the start.
import { type DisplayLanguage, formatHours, formatQuantity } from './display-rules.ts';

/** DESIGN.md §8 Usage: the kinds of bundle; a group on the usage screen holds one type. */
export const usageKinds = ['hours', 'storage', 'traffic', 'observe'] as const;
export type UsageKind = (typeof usageKinds)[number];

/** Units of usage entries: hours, and the literal units of SPEC.md §9. */
export const usageUnits = ['hour', 'GiB', 'TiB', 'TB', 'PB', 'series', 'ks'] as const;
export type UsageUnit = (typeof usageUnits)[number];

/** The usage type manhour is labelled as hour (SPEC.md §9). */
export const HOUR_USAGE_TYPE = 'manhour';

export interface UsageAmounts {
  periodStartAmount: number;
  remainingAmount: number;
  overusageAmount: number;
  usedAmount?: number;
}

/**
 * Used percentage (SPEC.md §4): with a period start of 0 it is 0 when nothing is used, otherwise 100;
 * any over-usage makes it 100; otherwise round((1 − remaining / periodStart) × 100). "Nothing used"
 * reads usedAmount when given and falls back to remaining and over-usage.
 */
export function usedPercentage(amounts: UsageAmounts): number {
  const { periodStartAmount, remainingAmount, overusageAmount } = amounts;
  if (periodStartAmount === 0) {
    const used = amounts.usedAmount ?? (overusageAmount > 0 ? overusageAmount : -remainingAmount);
    return used > 0 ? 100 : 0;
  }
  if (overusageAmount > 0) return 100;
  return Math.round((1 - remainingAmount / periodStartAmount) * 100);
}

/** Leftover percentage is 100 minus used (SPEC.md §4). */
export const leftoverPercentage = (amounts: UsageAmounts): number => 100 - usedPercentage(amounts);

export const usageStatuses = ['success', 'warning', 'error'] as const;
export type UsageStatus = (typeof usageStatuses)[number];

/**
 * The used percentages a status starts above (SPEC.md §4); exported so that the staff list's SQL
 * filter takes the same bounds (apps/api usage admin repo, tested against usageStatus).
 */
export const USAGE_STATUS_ABOVE = { error: 90, warning: 40 } as const;

/** Status from used percentage: over 90 error (red), over 40 up to 90 warning (orange), else success (green). */
export function usageStatus(usedPercent: number): UsageStatus {
  if (usedPercent > USAGE_STATUS_ABOVE.error) return 'error';
  if (usedPercent > USAGE_STATUS_ABOVE.warning) return 'warning';
  return 'success';
}

export const usageStatusColours: Record<UsageStatus, 'red' | 'orange' | 'green'> = {
  error: 'red',
  warning: 'orange',
  success: 'green',
};

/** The label beside the large amount (SPEC.md §9): used, used_more or left_from. */
export type UsageLabel = 'used' | 'used_more' | 'left_from';

export interface UsageDisplay {
  /** The large amount: what is left, or what was used beyond the bundle or without one. */
  amount: number;
  label: UsageLabel;
  usedPercent: number;
  leftoverPercent: number;
  status: UsageStatus;
  /** Shown when nothing remains and more was used than the bundle held (SPEC.md §9). */
  overusage: number | null;
}

/**
 * What a bundle shows: while something is left, the amount left "from" the period start; with
 * nothing left, what was used ("used", or "used_more" than the bundle held, with the over-usage
 * beside it); a bundle without a period start shows what was used.
 */
export function usageDisplay(entry: UsageAmounts & { usedAmount: number }): UsageDisplay {
  const usedPercent = usedPercentage(entry);
  const base = { usedPercent, leftoverPercent: 100 - usedPercent, status: usageStatus(usedPercent) };
  if (entry.periodStartAmount > 0 && entry.remainingAmount > 0) {
    return { ...base, amount: entry.remainingAmount, label: 'left_from', overusage: null };
  }
  const overusage = entry.overusageAmount > 0 ? entry.overusageAmount : null;
  // "More than the bundle" only reads right when there was a bundle this period.
  const label = overusage !== null && entry.periodStartAmount > 0 ? 'used_more' : 'used';
  return { ...base, amount: entry.usedAmount, label, overusage };
}

export const isHourUnit = (unit: string, usageType?: string): boolean =>
  unit === 'hour' || usageType === HOUR_USAGE_TYPE;

/** An amount in its unit: hours as hours and minutes, other units literal (SPEC.md §9). */
export function formatUsageAmount(
  amount: number,
  unit: string,
  language: DisplayLanguage,
  usageType?: string,
): string {
  return isHourUnit(unit, usageType) ? formatHours(amount, language) : formatQuantity(amount, unit, language);
}

/** The i18n key of a usage type's label: manhour is labelled as hour. */
export const usageTypeLabelKey = (usageType: string): string =>
  usageType === HOUR_USAGE_TYPE ? 'hour' : usageType;

/** A usage period is a calendar month, `YYYY-MM`. */
export const USAGE_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Usage is kept for the current month and the 12 before it. */
export const USAGE_MONTHS = 13;

export const periodOf = (date: Date): string =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/** The period `months` before (negative) or after the given one. */
export function shiftPeriod(period: string, months: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return periodOf(new Date(Date.UTC(year, month - 1 + months, 1)));
}

/** The current period and the ones before it, newest first. */
export function recentPeriods(now: Date, count = USAGE_MONTHS): string[] {
  const current = periodOf(now);
  return Array.from({ length: count }, (_, index) => shiftPeriod(current, -index));
}

/** Groups of entries by type, each group's entries sorted by usageType (SPEC.md §3), groups in kind order. */
export function groupUsage<K extends string, T extends { type: K; usage_type: string }>(
  entries: readonly T[],
): { type: K; usages: T[] }[] {
  const groups = new Map<K, T[]>();
  for (const entry of entries) {
    const list = groups.get(entry.type) ?? [];
    list.push(entry);
    groups.set(entry.type, list);
  }
  const rank = (type: string) => {
    const index = (usageKinds as readonly string[]).indexOf(type);
    return index === -1 ? usageKinds.length : index;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([type, usages]) => ({
      type,
      usages: usages.sort((a, b) => a.usage_type.localeCompare(b.usage_type, 'en')),
    }));
}
