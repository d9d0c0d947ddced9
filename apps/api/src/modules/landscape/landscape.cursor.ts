import {
  type LandscapeKind,
  type LandscapeSort,
  landscapeStatuses,
  noNul,
  parseAddress,
  parsePrefix,
} from '@portaal/contracts';
import { badRequest } from '../../lib/app-error.ts';
import { sortColumns } from './landscape.repo.ts';

// A landscape cursor: base64url of [kind, sort, …the last row's sort values]. Each value is checked
// against the cast the list statement applies to it, so no cursor can make PostgreSQL fail a cast, and
// a cursor of another list (kind or sort) is refused.

export function encodeLandscapeCursor(
  kind: LandscapeKind,
  sort: LandscapeSort,
  values: readonly string[],
): string {
  return Buffer.from(JSON.stringify([kind, sort, ...values])).toString('base64url');
}

const valid: Record<string, (value: string) => boolean> = {
  text: (value) => value.length <= 1000 && noNul(value),
  int: (value) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647,
  inet: (value) => parseAddress(value) !== undefined,
  cidr: (value) => parsePrefix(value) !== undefined,
};

export function decodeLandscapeCursor(kind: LandscapeKind, sort: LandscapeSort, cursor: string): string[] {
  const columns = sortColumns(kind, sort);
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === columns.length + 2 &&
      value[0] === kind &&
      value[1] === sort &&
      value.every((part) => typeof part === 'string')
    ) {
      const values = (value as string[]).slice(2);
      const ok = values.every((part, index) => {
        const column = columns[index];
        if (!column) return false;
        if (column.expr === 'o.status') return (landscapeStatuses as readonly string[]).includes(part);
        return valid[column.cast]?.(part) ?? false;
      });
      if (ok) return values;
    }
  } catch {
    // fall through to the validation error below
  }
  throw badRequest('query parameter cursor is not a cursor this API returned for this list', [
    { field: 'cursor', message: 'is not valid' },
  ]);
}
