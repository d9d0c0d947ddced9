// In every route's validateSearch, so in the start bundle: keep this small.

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
