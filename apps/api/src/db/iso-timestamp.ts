import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A timestamp column as the API writes instants (DESIGN.md §3: ISO 8601 in UTC, with a Z), formatted
 * by PostgreSQL; read plainly, a `mode: 'string'` column comes as PostgreSQL prints it
 * ("2026-12-02 03:05:22.816002+00").
 */
export const isoTimestamp = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
