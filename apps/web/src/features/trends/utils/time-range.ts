/** SPEC.md §4 time filters, plus a custom range (DESIGN.md §8). */
export const timePresets = ['last24h', 'currentMonth', 'lastPeriod', 'custom'] as const;
export type TimePreset = (typeof timePresets)[number];

export interface TimeRange {
  from: Date;
  to: Date;
}

const DAY = 86_400_000;

/** Rounded down to the minute, so a range asked for twice within a minute is the same query. */
const minute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

/**
 * The range of a preset at `now`, in the user's time zone: the last 24 hours; the current month from
 * its first day until now; the last period, the whole previous month.
 */
export function presetRange(preset: Exclude<TimePreset, 'custom'>, now: Date): TimeRange {
  const to = minute(now);
  if (preset === 'last24h') return { from: new Date(to.getTime() - DAY), to };
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1);
  if (preset === 'currentMonth') {
    // On the first day just after midnight the month holds minutes only: show at least an hour.
    return {
      from: to.getTime() - monthStart.getTime() < 3_600_000 ? new Date(to.getTime() - 3_600_000) : monthStart,
      to,
    };
  }
  return { from: new Date(now.getFullYear(), now.getMonth() - 1, 1), to: monthStart };
}

/** A YYYY-MM-DD day of the custom range, as the start of that day in the user's time zone. */
export function dayStart(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getDate() === Number(match[3]) ? date : undefined;
}

/** YYYY-MM-DD of a date in the user's time zone. */
export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The custom range runs from the start of its first day to the end of its last (both included). */
export function customRange(fromDay: string, toDay: string): TimeRange | undefined {
  const from = dayStart(fromDay);
  const last = dayStart(toDay);
  if (!from || !last || last < from) return undefined;
  const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { from, to };
}
