import { type DisplayLanguage, displayLocales } from '@portaal/contracts/display-rules';

/**
 * A month ('2026-10') by name in the reader's language: 'October 2026', 'oktober 2026'. A module of
 * its own: route titles use it, and a route file's title is part of the initial JS.
 */
export function formatMonth(month: string, language: DisplayLanguage): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return month;
  return new Intl.DateTimeFormat(displayLocales[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
