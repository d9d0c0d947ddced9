import { problemSchema } from '@portaal/contracts';

/** Problem-details responses a route can answer with, for its schema and the OpenAPI document. */
export function problems(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<
    number,
    typeof problemSchema
  >;
}

/** The errors every authenticated route can answer with. */
export const authProblems = problems(400, 401, 403, 404, 429);
