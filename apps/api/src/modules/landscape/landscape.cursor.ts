import {
  type LandscapeKind,
  type LandscapeSort,
  landscapeStatuses,
  noNul,
  parseAddress,
  parsePrefix,
} from '@portaal/contracts';
import { z } from 'zod';
import type { Cursors } from '../../lib/cursor.ts';
import { sortColumns } from './landscape.repo.ts';

// A landscape cursor is one of the API's signed cursors (lib/cursor.ts) for the list
// `landscape:{kind}:{sort}`, holding the last row's sort values. A cursor of another list (kind or sort)
// fails its signature. Each value is still checked against the cast the list statement applies to it,
// so no cursor can make PostgreSQL fail a cast.

const valid: Record<string, (value: string) => boolean> = {
  text: (value) => value.length <= 1000 && noNul(value),
  int: (value) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647,
  inet: (value) => parseAddress(value) !== undefined,
  cidr: (value) => parsePrefix(value) !== undefined,
};

const listName = (kind: LandscapeKind, sort: LandscapeSort) => `landscape:${kind}:${sort}`;

export function encodeLandscapeCursor(
  cursors: Cursors,
  kind: LandscapeKind,
  sort: LandscapeSort,
  values: readonly string[],
): string {
  return cursors.encode(listName(kind, sort), values);
}

/** The schema of a list's cursor values, built once per list (a zod schema costs ~20 µs to build). */
const cursorSchemas = new Map<string, z.ZodType<string[]>>();

function cursorSchemaOf(kind: LandscapeKind, sort: LandscapeSort): z.ZodType<string[]> {
  const name = listName(kind, sort);
  let schema = cursorSchemas.get(name);
  if (!schema) {
    const columns = sortColumns(kind, sort);
    schema = z
      .array(z.string())
      .length(columns.length)
      .refine((values) =>
        values.every((part, index) => {
          const column = columns[index];
          if (!column) return false;
          if (column.expr === 'o.status') return (landscapeStatuses as readonly string[]).includes(part);
          return valid[column.cast]?.(part) ?? false;
        }),
      );
    cursorSchemas.set(name, schema);
  }
  return schema;
}

export function decodeLandscapeCursor(
  cursors: Cursors,
  kind: LandscapeKind,
  sort: LandscapeSort,
  cursor: string,
): string[] {
  return cursors.decode(listName(kind, sort), cursor, cursorSchemaOf(kind, sort));
}
