import { problemSchema } from '@portaal/contracts';

/**
 * Problem-details responses a route can answer beyond those its access and input imply (see
 * plugins/openapi.ts), for its schema and the OpenAPI document.
 */
export function problems(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<
    number,
    typeof problemSchema
  >;
}

/**
 * @deprecated The problems a route's access and input imply are added when it is registered
 * (plugins/openapi.ts); declare only statuses beyond those, with `problems(…)`.
 */
export const authProblems = problems(400, 401, 403, 404, 429);

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
