import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { decodeTicketCursor, encodeTicketCursor, parseSearch } from './tickets.service.ts';

describe('parseSearch', () => {
  it('reads digits, with or without #, as a ticket number and a subject match', () => {
    expect(parseSearch('10042')).toEqual({ subjectPattern: '%10042%', ticketNumber: 10042 });
    expect(parseSearch(' #10042 ')).toEqual({ subjectPattern: '%10042%', ticketNumber: 10042 });
  });

  it('reads anything else as a subject match with LIKE wildcards taken literally', () => {
    expect(parseSearch('SSL certificaat')).toEqual({ subjectPattern: '%SSL certificaat%' });
    expect(parseSearch('100%_done\\')).toEqual({ subjectPattern: '%100\\%\\_done\\\\%' });
    expect(parseSearch('#abc')).toEqual({ subjectPattern: '%#abc%' });
    expect(parseSearch('1234567890123456')).toEqual({ subjectPattern: '%1234567890123456%' });
    expect(parseSearch('   ')).toEqual({});
  });
});

describe('ticket cursors', () => {
  it('round-trip the microseconds of updated_at and the id', () => {
    const cursor = encodeTicketCursor('2026-11-22T08:15:46.123456Z', 10042);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeTicketCursor(cursor)).toEqual({ at: '2026-11-22T08:15:46.123456Z', id: 10042 });
  });

  it.each([
    'not-a-cursor',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('["2026-02-31T00:00:00Z",5]').toString('base64url'),
    Buffer.from('["2026-11-22 08:15:46+00",5]').toString('base64url'),
    Buffer.from('["2026-11-22T08:15:46Z",-5]').toString('base64url'),
    Buffer.from('["2026-11-22T08:15:46Z",1e300]').toString('base64url'),
    Buffer.from('["2026-11-22T08:15:46Z","5"]').toString('base64url'),
  ])('refuses %s as a 400 on the cursor field', (cursor) => {
    try {
      decodeTicketCursor(cursor);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).errors).toEqual([{ field: 'cursor', message: 'is not valid' }]);
    }
  });
});
