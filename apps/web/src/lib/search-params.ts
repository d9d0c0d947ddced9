// In every route's validateSearch, so in the start bundle: keep this small.

import { stringifySearchWith } from '@tanstack/react-router';
import { isIdParam } from './id-param.ts';

/**
 * A route's validateSearch. The router JSON-parses the query (?q=2026 is the number 2026, ?q=true a
 * boolean, ?q=[1] an array) and hands the page that parsed query with the check's result laid over
 * it, so a key the check drops would reach the page unchecked: every key of the URL the check does
 * not return is set to undefined.
 */
export const strictSearch =
  <T extends object>(check: (search: Record<string, unknown>) => T) =>
  (search: Record<string, unknown>): NoInfer<T> => {
    const result: Record<string, unknown> = {};
    for (const key in search) result[key] = undefined;
    return Object.assign(result, check(search)) as T;
  };

/** Free text from the URL as it was typed: a number or true/false the router parsed back to text. */
export const textParam = (value: unknown, max: number): string | undefined =>
  typeof value === 'string'
    ? value.slice(0, max)
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;

/**
 * A database id from the URL (?customer=1002, ?cluster=3): a whole number 1…2³¹−1 as the router parsed
 * it or as digits; never true (which Number() would make 1), a list, 0x10 or 1e3.
 */
export const idParam = (value: unknown): number | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && isIdParam(text) ? Number(text) : undefined;
};

/**
 * The router's stringifySearch: text is written as typed (?q=2026, not ?q=%222026%22). It is quoted as
 * JSON only where the router's parse would not give the same text back, a number or true/false that
 * textParam reads back as typed excepted: "[1]", '"disk full"', "1e3", " 5".
 */
export const stringifySearch = stringifySearchWith(JSON.stringify, (text: string) => {
  const value: unknown = JSON.parse(text);
  // Thrown: written as it is. Returned: written as JSON.
  if ((typeof value === 'number' || typeof value === 'boolean') && String(value) === text) throw text;
  return value;
});
