import { describe, expect, it } from 'vitest';
import { parseSearch } from './tickets.service.ts';

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
