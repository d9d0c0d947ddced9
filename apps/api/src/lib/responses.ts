import { problemSchema } from '@portaal/contracts';
import contentDispositionHeader from 'content-disposition';

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
 * RFC 6266 `attachment` with the exact name, and `filename*` in UTF-8 beside an ASCII fallback (each
 * other character an underscore) when the name is not plain ASCII.
 */
export function contentDisposition(fileName: string): string {
  return contentDispositionHeader(fileName, { fallback: fileName.replace(/[^\x20-\x7e]/g, '_') });
}
