import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { badRequest } from './app-error.ts';

/**
 * Opaque, signed paging cursors (DESIGN.md §3), one module for every list.
 *
 * A cursor is `<payload>.<mac>`: the base64url JSON array of the last row's sort values, and an
 * HMAC-SHA256 (128 bits) over the list's name and that payload with a secret all API processes
 * share. A cursor that was not handed out by this API for this list, or whose values do not pass the
 * list's schema, is a 400 on the `cursor` field; a forged value never reaches PostgreSQL.
 *
 * Use: `cursors.encode('tickets', [row.at, row.id])` for the next link, and
 * `cursors.decode('tickets', query.cursor, z.tuple([cursorValue.time, cursorValue.id]))` to read one.
 */
export interface Cursors {
  encode(list: string, values: readonly CursorValue[]): string;
  decode<T>(list: string, cursor: string, schema: z.ZodType<T>): T;
}

export type CursorValue = string | number | boolean | null;

const MAC_BYTES = 16;
const MAX_CURSOR_LENGTH = 512;

/** Building blocks for cursor schemas, bounded to what the columns hold. */
export const cursorValue = {
  /** integer / serial ids. */
  id: z.number().int().positive().max(2_147_483_647),
  /** bigint identity ids (JavaScript numbers stay exact up to 2^53 − 1). */
  bigId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** A timestamp with up to microseconds, in UTC, as PostgreSQL's to_char writes it; a real date. */
  time: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/)
    .refine((value) => {
      const parsed = new Date(value);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === value.slice(0, 19);
    }),
  /** Sort text (a name): no control characters, bounded. */
  text: z
    .string()
    .max(300)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them.
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value)),
};

const invalidCursor = () =>
  badRequest('query parameter cursor is not a cursor this API returned', [
    { field: 'cursor', message: 'is not valid' },
  ]);

export function createCursors(secret: string): Cursors {
  const mac = (list: string, payload: string) =>
    createHmac('sha256', secret).update(list).update('\n').update(payload).digest().subarray(0, MAC_BYTES);

  return {
    encode(list, values) {
      const payload = Buffer.from(JSON.stringify(values)).toString('base64url');
      return `${payload}.${mac(list, payload).toString('base64url')}`;
    },
    decode(list, cursor, schema) {
      if (cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
      const dot = cursor.indexOf('.');
      if (dot <= 0) throw invalidCursor();
      const payload = cursor.slice(0, dot);
      const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(list, payload))) throw invalidCursor();
      let value: unknown;
      try {
        value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      // Signed by us, so this holds unless the code changed between pages: still checked, never trusted.
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw invalidCursor();
      return parsed.data;
    },
  };
}

/**
 * The signing secret: CURSOR_SECRET when configured, otherwise a random one kept in PostgreSQL
 * (`app_secrets`), created by the first process that starts, so that every API process on the same
 * database accepts the cursors of the others.
 */
export async function cursorSecret(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  // Twice: a process that starts at the same moment as the first may not see its row in this snapshot.
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await db.execute<{ value: string }>(sql`
      with created as (
        insert into app_secrets (name, value) values ('cursor', ${fresh})
        on conflict (name) do nothing
        returning value
      )
      select value from created
      union all
      select value from app_secrets where name = 'cursor'
      limit 1`);
    const value = result.rows[0]?.value;
    if (value) return value;
  }
  throw new Error('the cursor secret could not be read from app_secrets');
}
