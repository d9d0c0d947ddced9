const pad = (value: number) => String(value).padStart(2, '0');
const ISO_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST_SHAPE = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/;

/**
 * A day as a person types it in the page's format, day first (`1-5-2026`, `01-05-2026`; `/`, `.` or a
 * space between the parts are taken too), or as an ISO day (`2026-05-01`), to `YYYY-MM-DD`. Anything
 * else, an unfinished year or a day the calendar does not have (31-02-2026) gives undefined: the
 * field keeps its value while the typing goes on.
 */
export function parseTypedDay(text: string): string | undefined {
  const value = text.trim();
  const iso = ISO_SHAPE.exec(value);
  const dayFirst = DAY_FIRST_SHAPE.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]].map(Number)
      : [];
  if (year === undefined || month === undefined || day === undefined) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Whether a value is a day as the fields hand it on (YYYY-MM-DD), not the text of a day that is none. */
export const isDay = (value: string): boolean => parseTypedDay(value) === value;

/**
 * Whether text is written as a day is (as parseTypedDay reads it), whether or not the calendar has
 * that day: 31-02-2026 is, 31-02-26 and 2026-5-1 are not. Tells a day that does not exist from a
 * wrong format.
 */
export const hasDayShape = (text: string): boolean => {
  const value = text.trim();
  return ISO_SHAPE.test(value) || DAY_FIRST_SHAPE.test(value);
};
