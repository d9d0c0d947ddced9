// The availability rules without zod (SPEC.md §4: states and time filters), for the web app's routes.

/** Application availability (SPEC.md §4): up, down, in maintenance. */
export const availabilityStates = ['up', 'down', 'maintenance'] as const;
export type AvailabilityState = (typeof availabilityStates)[number];

/** Time filters (SPEC.md §4): last 24 hours, current month, last period (the previous month). */
export const availabilityRanges = ['last24h', 'currentMonth', 'lastPeriod'] as const;
export type AvailabilityRange = (typeof availabilityRanges)[number];

const DAY = 86_400_000;

/**
 * The range of a time filter at `now`, in UTC like the monthly SLA reports: the last 24 hours, the
 * current month until now, the whole previous month.
 */
export function availabilityRange(range: AvailabilityRange, now: Date): { from: Date; to: Date } {
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  if (range === 'last24h') return { from: new Date(to.getTime() - DAY), to };
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  if (range === 'currentMonth') return { from: monthStart, to };
  return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), to: monthStart };
}

/**
 * Uptime in percent over checks that count (maintenance excluded, DESIGN.md §8), to 2 decimals and
 * never rounded up to 100 while anything was down; null without checks.
 */
export function uptimePercent(up: number, down: number): number | null {
  const total = up + down;
  if (total === 0) return null;
  const value = Math.floor((up / total) * 10_000) / 100;
  return value;
}

/** Whether an uptime meets its target (both in percent). */
export const meetsTarget = (uptime: number | null, target: number): boolean | null =>
  uptime === null ? null : uptime >= target;

/** The chart width the checks route buckets to by default, and its limits. */
export const CHECKS_DEFAULT_WIDTH = 600;
export const CHECKS_MAX_WIDTH = 2000;
