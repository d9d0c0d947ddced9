import { hasControlCharacters } from '@portaal/contracts';
import { expect } from 'vitest';
import type { output, ZodSafeParseResult, ZodType } from 'zod';
import type { Problem } from './tickets-support.ts';

/** An error answer is RFC 9457 problem JSON whose status matches the response and whose code is a constant. */
export function expectProblem(response: { status: number; headers: Headers; json: unknown }) {
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = response.json as Problem;
  expect(problem.code).toMatch(/^[A-Z_]+$/);
  expect(problem.status).toBe(response.status);
}

/**
 * Whether Fastify's JSON parser refuses the body before any schema reads a field: a "__proto__" key, or a
 * "constructor" key holding "prototype", anywhere in it (prototype poisoning, answered 400). fast-check's
 * JSON values contain such keys now and then, so a fuzz test that predicts acceptance from a schema asks
 * this too.
 */
export function refusedByParser(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(refusedByParser);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) =>
      key === '__proto__' ||
      (key === 'constructor' &&
        inner !== null &&
        typeof inner === 'object' &&
        Object.hasOwn(inner, 'prototype')) ||
      refusedByParser(inner),
  );
}

/** What the API accepts of a JSON body: the schema's verdict, unless the parser refuses the body first. */
export function acceptedBody<S extends ZodType>(
  schema: S,
  body: unknown,
): ZodSafeParseResult<output<S>> | { success: false; data?: undefined } {
  return refusedByParser(body) ? { success: false } : schema.safeParse(body);
}

/**
 * What the API accepts of a query: the schema's verdict on the query as Fastify hands it over (a
 * "__proto__" key is dropped, other unknown keys the schema ignores), unless the validator's safety net
 * refuses it first: any value, known key or not, that breaks the multi-line control-character rule. A tab
 * in an unknown key passes; a tab in a known single-line field is the schema's to refuse.
 */
export function acceptedQuery<S extends ZodType>(
  schema: S,
  entries: Record<string, string>,
): ZodSafeParseResult<output<S>> | { success: false; data?: undefined } {
  if (Object.values(entries).some((value) => hasControlCharacters(value, { multiline: true }))) {
    return { success: false };
  }
  return schema.safeParse(Object.fromEntries(Object.entries(entries).filter(([key]) => key !== '__proto__')));
}
