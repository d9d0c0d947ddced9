import { findControlCharacters } from '@portaal/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The zod validator with the contracts' text rule under it: every string of a body, query, path or
 * header part that holds a control character other than tab and line breaks is a 400 on its field,
 * before the route's own schema runs, so a field declared without `text()` cannot carry a NUL into
 * PostgreSQL (a 500) either. Single-line fields refuse tab and line breaks through `text()` itself.
 */
const noControlCharacters = z.unknown().superRefine((value, context) => {
  for (const issue of findControlCharacters(value)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
});

const refuseControlCharacters = zodValidatorCompiler({
  schema: noControlCharacters,
  method: 'any',
  url: 'any',
});

// The walk is a plain function on every request; zod builds the per-field issues only for input that
// holds a control character, so the route's schema runs on its own (not piped behind a refinement).
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) =>
    findControlCharacters(data, 1).length === 0 ? validate(data) : refuseControlCharacters(data);
};
