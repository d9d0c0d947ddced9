const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A day as a person types it in the page's format, day first (`1-5-2026`, `01-05-2026`; `/`, `.` or a
 * space between the parts are taken too), or as an ISO day (`2026-05-01`), to `YYYY-MM-DD`. Anything
 * else, an unfinished year or a day the calendar does not have (31-02-2026) gives undefined: the
 * field keeps its value while the typing goes on.
 */
export function parseTypedDay(text: string): string | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(value);
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
