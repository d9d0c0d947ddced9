import { describe, expect, it } from 'vitest';
import {
  MAILING_MESSAGES,
  type MailingInputRaw,
  mailingInputSchema,
  mailingPercent,
  mailingQuerySchema,
  mailingShares,
} from './mailings.ts';

const valid: MailingInputRaw = {
  label: 'Maintenance November',
  sender: 'Service desk',
  subject: { en: 'Planned maintenance', nl: 'Gepland onderhoud' },
  body: {
    en: 'On 30 November we update the storage cluster.\nNo downtime is expected.',
    nl: 'Op 30 november werken we het opslagcluster bij.\nEr wordt geen onderbreking verwacht.',
  },
  query: { customer_statuses: ['active'] },
};

/** The messages per field path of a refused input. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = mailingInputSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe('mailingInputSchema', () => {
  it('accepts a complete mailing and fills the query defaults', () => {
    const parsed = mailingInputSchema.parse(valid);
    expect(parsed.query).toEqual({
      customer_statuses: ['active'],
      languages: [],
      products: [],
      customer_ids: [],
      roles: [],
    });
    expect(parsed.body.en).toContain('\n');
  });

  it('requires an English and a Dutch subject', () => {
    expect(errorsOf({ ...valid, subject: { en: 'Planned maintenance' } })).toEqual({
      'subject.nl': [MAILING_MESSAGES.required],
    });
    expect(errorsOf({ ...valid, subject: { en: '  ', nl: 'Gepland onderhoud' } })['subject.en']).toContain(
      MAILING_MESSAGES.required,
    );
  });

  it('a subject (the title) has at least 10 characters, after trimming', () => {
    expect(errorsOf({ ...valid, subject: { en: 'Too short', nl: 'Gepland onderhoud' } })).toEqual({
      'subject.en': [MAILING_MESSAGES.subjectMin],
    });
    expect(
      mailingInputSchema.safeParse({ ...valid, subject: { en: '1234567890', nl: '1234567890' } }).success,
    ).toBe(true);
    expect(errorsOf({ ...valid, subject: { en: '   123456789   ', nl: '1234567890' } })).toEqual({
      'subject.en': [MAILING_MESSAGES.subjectMin],
    });
  });

  it('a body has at least 20 characters in each language', () => {
    expect(errorsOf({ ...valid, body: { en: valid.body.en, nl: 'Te kort.' } })).toEqual({
      'body.nl': [MAILING_MESSAGES.bodyMin],
    });
    expect(
      mailingInputSchema.safeParse({ ...valid, body: { en: 'x'.repeat(20), nl: 'y'.repeat(20) } }).success,
    ).toBe(true);
  });

  it('refuses control characters: none in a subject, line breaks only in a body', () => {
    expect(
      Object.keys(errorsOf({ ...valid, subject: { en: 'Planned\nmaintenance', nl: 'Gepland onderhoud' } })),
    ).toEqual(['subject.en']);
    expect(
      Object.keys(errorsOf({ ...valid, body: { en: `${valid.body.en}\u0000`, nl: valid.body.nl } })),
    ).toEqual(['body.en']);
    expect(Object.keys(errorsOf({ ...valid, label: 'Label\u0007 bell' }))).toEqual(['label']);
  });

  it('refuses unknown fields and repeated or unknown query items', () => {
    expect(Object.keys(errorsOf({ ...valid, extra: 1 }))).toEqual(['']);
    expect(mailingQuerySchema.safeParse({ products: ['observe', 'observe'] }).success).toBe(false);
    expect(mailingQuerySchema.safeParse({ products: ['hosting'] }).success).toBe(false);
    expect(mailingQuerySchema.safeParse({ customer_ids: ['1001'] }).success).toBe(false);
    expect(mailingQuerySchema.safeParse({ roles: ['owner', 'viewer'], customer_ids: [1001] }).success).toBe(
      true,
    );
  });
});

describe('mailingPercent and mailingShares', () => {
  it('count delivered and failed (ended) against the total; waiting ones are the rest', () => {
    expect(mailingPercent({ total: 0, delivered: 0, failed: 0 })).toBe(0);
    expect(mailingPercent({ total: 3, delivered: 1, failed: 0 })).toBe(33);
    expect(mailingPercent({ total: 4, delivered: 3, failed: 1 })).toBe(100);
    expect(mailingShares({ total: 4, delivered: 2, failed: 1 })).toEqual({ delivered: 50, failed: 25 });
    expect(mailingShares({ total: 0, delivered: 0, failed: 0 })).toEqual({ delivered: 0, failed: 0 });
    // Counts read at different moments never make the bar longer than 100.
    expect(mailingShares({ total: 2, delivered: 2, failed: 1 })).toEqual({ delivered: 100, failed: 0 });
  });
});
