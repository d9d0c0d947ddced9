import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { createCursors, cursorValue } from './cursor.ts';

const cursors = createCursors('a secret of at least thirty-two characters');
const ticketCursor = z.tuple([cursorValue.time, cursorValue.bigId]);

function refused(run: () => unknown) {
  try {
    run();
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).errors).toEqual([{ field: 'cursor', message: 'is not valid' }]);
  }
}

/** What a cursor looked like before they were signed: base64url JSON, easy to write by hand. */
const unsigned = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursors', () => {
  it('round-trip the microseconds of updated_at and the id, URL-safe', () => {
    const cursor = cursors.encode('tickets', ['2026-11-22T08:15:46.123456Z', 10042]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(cursors.decode('tickets', cursor, ticketCursor)).toEqual(['2026-11-22T08:15:46.123456Z', 10042]);
  });

  it.each([
    ['not a cursor', 'not-a-cursor'],
    ['an unsigned cursor with a valid value', unsigned(['2026-11-22T08:15:46Z', 5])],
    // The outside probe's cursor: an id beyond bigint answered 500 before cursors were signed.
    [
      'the probe: an id out of range',
      Buffer.from('["2026-01-01T00:00:00Z",99999999999999999999]').toString('base64url'),
    ],
    ['an empty signature', `${unsigned(['2026-11-22T08:15:46Z', 5])}.`],
    ['a signature of the wrong length', `${unsigned(['2026-11-22T08:15:46Z', 5])}.AAAA`],
  ])('refuses %s as a 400 on the cursor field', (_name, cursor) => {
    refused(() => cursors.decode('tickets', cursor, ticketCursor));
  });

  it('refuses a cursor of another list, of another secret, or with its payload changed', () => {
    const cursor = cursors.encode('customers', ['2026-11-22T08:15:46Z', 5]);
    refused(() => cursors.decode('tickets', cursor, ticketCursor));
    const other = createCursors('another secret of at least thirty-two characters');
    refused(() => other.decode('customers', cursor, ticketCursor));
    const [, mac] = cursor.split('.');
    refused(() =>
      cursors.decode('customers', `${unsigned(['2026-11-22T08:15:46Z', 6])}.${mac}`, ticketCursor),
    );
  });

  it.each([
    [[1, 2]],
    [['2026-02-31T00:00:00Z', 5]],
    [['2026-11-22 08:15:46+00', 5]],
    [['2026-11-22T08:15:46Z', -5]],
    [['2026-11-22T08:15:46Z', 1e300]],
    [['2026-11-22T08:15:46Z', '5']],
    [['2026-11-22T08:15:46Z', 5, 'extra']],
  ])('still checks the values of a signed cursor against the list: %j', (values) => {
    const cursor = cursors.encode('tickets', values as (string | number)[]);
    refused(() => cursors.decode('tickets', cursor, ticketCursor));
  });

  it('bounds ids to their column and names to text without control characters', () => {
    const customer = z.tuple([cursorValue.text, cursorValue.id]);
    refused(() => cursors.decode('customers', cursors.encode('customers', ['a', 2_147_483_648]), customer));
    refused(() => cursors.decode('customers', cursors.encode('customers', ['a\u0000b', 5]), customer));
    expect(cursors.decode('customers', cursors.encode('customers', ['bakkerij', 1001]), customer)).toEqual([
      'bakkerij',
      1001,
    ]);
  });
});
