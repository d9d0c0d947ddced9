import { isSearchable } from '@portaal/contracts/ticket-rules';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, nextCursorOf } from '../../../lib/api-client.ts';
import { bicCheck, ibanCheck } from './change-rules.ts';
import { formatFileSize } from './file-size.ts';
import { findTicketByNumber, ticketNumberOf } from './find-ticket.ts';
import { dateCheck, localToday, requiredText } from './form-rules.ts';
import { requestBody } from './request-body.ts';
import {
  filtersFromSearch,
  hasFilters,
  listSections,
  noFilters,
  parseTicketId,
  searchFromFilters,
  validateNewTicketSearch,
  validateSupportSearch,
} from './search-params.ts';
import { serverErrors } from './server-errors.ts';

/** Shows which text was asked for, with its values. */
const t = ((key: string, options?: Record<string, unknown>) => {
  const { ns: _ns, ...values } = options ?? {};
  return Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key;
}) as unknown as TFunction;

describe('the lists of the ticket screen', () => {
  it('awaiting your reply, then the other open tickets, when no status is chosen', () => {
    expect(listSections({ ...noFilters, search: 'vpn' })).toEqual({
      awaiting: { ...noFilters, search: 'vpn', status: ['awaiting_reply'] },
      list: { ...noFilters, search: 'vpn', status: ['new', 'open', 'in_progress'] },
    });
    expect(listSections({ ...noFilters, closed: true }).list.status).toEqual([
      'new',
      'open',
      'in_progress',
      'closed',
    ]);
  });
  it('the chosen statuses as one list', () => {
    const filters = { ...noFilters, status: ['closed' as const] };
    expect(listSections(filters)).toEqual({ list: filters });
  });
});

describe('support search params', () => {
  it('keeps known values once, in a fixed order, and drops the rest', () => {
    expect(
      validateSupportSearch({
        q: '  printer ',
        status: 'closed,bogus,new,new',
        priority: 1,
        category: 'incident_request,<script>',
        extra: 'x',
      }),
    ).toEqual({ q: '  printer ', status: 'new,closed', priority: '1', category: 'incident_request' });
    expect(validateSupportSearch({ q: 10001, priority: '3,2,9' })).toEqual({ q: '10001', priority: '2,3' });
    expect(validateSupportSearch({ q: '   ', status: ['open'] })).toEqual({});
    expect(validateSupportSearch({ q: 'x'.repeat(500) }).q).toHaveLength(200);
  });

  it('turns the URL into filters and back', () => {
    const filters = filtersFromSearch({ q: ' mail ', status: 'open,new', priority: '1' });
    expect(filters).toEqual({
      search: 'mail',
      status: ['new', 'open'],
      priority: [1],
      category: [],
      closed: false,
    });
    expect(hasFilters(filters)).toBe(true);
    expect(searchFromFilters(filters)).toEqual({ q: 'mail', status: 'new,open', priority: '1' });
    expect(hasFilters(filtersFromSearch({}))).toBe(false);
  });

  it('applies a search from 3 characters on, or a ticket number at any length (SPEC.md §9)', () => {
    expect(['ab', ' x ', '#a'].map((q) => filtersFromSearch({ q }).search)).toEqual(['', '', '']);
    expect(['abc', '7', '#42', ' 10001 '].map((q) => filtersFromSearch({ q }).search)).toEqual([
      'abc',
      '7',
      '#42',
      '10001',
    ]);
    expect([isSearchable('ab'), isSearchable('abc'), isSearchable('#4')]).toEqual([false, true, true]);
  });

  it('accepts only known request kinds and real ticket numbers', () => {
    expect(validateNewTicketSearch({ request: 'address' })).toEqual({ request: 'address' });
    expect(validateNewTicketSearch({ request: 'delete-everything' })).toEqual({});
    expect(parseTicketId('10001')).toBe(10001);
    for (const bad of ['0', '-1', '1.5', 'abc', '01', '99999999999999999'])
      expect(parseTicketId(bad)).toBeUndefined();
  });
});

describe('paging cursor', () => {
  it('is read from the next link of the API', () => {
    const answer = (link?: string) => new Response('[]', link ? { headers: { link } } : {});
    expect(
      nextCursorOf(answer('</api/v2/customer/1001/tickets?limit=25&cursor=WzE3MTAsMTAwMDFd>; rel="next"')),
    ).toBe('WzE3MTAsMTAwMDFd');
    expect(nextCursorOf(answer('</api/v2/customer/1001/tickets?limit=25>; rel="next"'))).toBeUndefined();
    expect(nextCursorOf(answer())).toBeUndefined();
  });
});

describe('file sizes', () => {
  it('reads as B, KB or MB in the number format of the language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(2560, 'en')).toBe('2.5 KB');
    expect(formatFileSize(2560, 'nl')).toBe('2,5 KB');
    expect(formatFileSize(20 * 1024 * 1024, 'nl')).toBe('20 MB');
    expect(formatFileSize(21_000_000, 'en')).toBe('20.03 MB');
  });
});

describe('request bodies', () => {
  it('are JSON without files and multipart with them, leaving out unset fields', () => {
    expect(requestBody({ body: 'Hi', internal: undefined, status: 'closed' }, [])).toEqual({
      body: 'Hi',
      status: 'closed',
    });
    const file = new File(['x'], 'a.txt');
    const form = requestBody({ body: 'Hi', internal: true, priority: 1 }, [file]) as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['body', 'internal', 'priority', 'attachments']);
    expect(form.get('internal')).toBe('true');
    expect((form.get('attachments') as File).name).toBe('a.txt');
  });
});

describe('form rules (SPEC.md §5)', () => {
  it('requires text within its length', () => {
    const check = requiredText(t, 200, 3);
    expect(check('  ')).toBe('form.required');
    expect(check('ab')).toBe('form.minLength {"min":3}');
    expect(check('x'.repeat(201))).toBe('form.maxLength {"max":200}');
    expect(check(' abc ')).toBeNull();
  });

  it('checks IBAN (mod 97) and BIC', () => {
    expect(ibanCheck(t)('nl91 abna 0417 1643 00')).toBeNull();
    expect(ibanCheck(t)('NL91ABNA0417164301')).toBe('form.iban');
    expect(ibanCheck(t)('')).toBe('form.required');
    expect(bicCheck(t)('')).toBeNull();
    expect(bicCheck(t)('abnanl2a')).toBeNull();
    expect(bicCheck(t)('ABNANL2AXXX')).toBeNull();
    expect(bicCheck(t)('ABNA')).toBe('form.bic');
  });

  it('checks calendar dates', () => {
    expect(dateCheck(t)('2099-12-31')).toBeNull();
    expect(dateCheck(t)('2026-02-30')).toBe('form.format');
    expect(dateCheck(t)('')).toBe('form.required');
    // Not before a given day: the end of a contract cannot lie in the past.
    const today = () => '2026-11-23';
    expect(dateCheck(t, today)('2026-11-22')).toBe('form.notPast');
    expect(dateCheck(t, today)('2026-11-23')).toBeNull();
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('server errors', () => {
  const refusal = (code: string, errors?: { field: string; message: string }[]) =>
    new ApiError(400, 'Bad Request', { code, ...(errors ? { errors } : {}) });

  it('puts field errors on the form fields and the rest in one message', () => {
    expect(
      serverErrors(
        refusal('VALIDATION_FAILED', [{ field: 'subject', message: 'must be at most 200 characters' }]),
        ['subject', 'description'],
        t,
      ),
    ).toEqual({ fields: { subject: 'form.maxLength {"max":200}' }, message: undefined });
    const mixed = serverErrors(
      refusal('VALIDATION_FAILED', [
        { field: 'subject', message: 'is required' },
        { field: 'body', message: 'has an unknown key' },
      ]),
      ['subject'],
      t,
    );
    expect(mixed.fields).toEqual({ subject: 'form.required' });
    // "Some fields are not valid" would point at the marked field, which is not what is wrong: the
    // refusal of a field the form does not have is the app's fault, so the general text (finding #10).
    expect(mixed.message).toBe('errors.errors_occured.text');
  });

  it('puts attachment refusals on the file list', () => {
    expect(serverErrors(refusal('ATTACHMENT_TOO_MANY'), ['subject', 'attachments'], t)).toEqual({
      fields: {
        attachments: 'errors.codes.ATTACHMENT_TOO_MANY {"defaultValue":"errors.errors_occured.text"}',
      },
      message: undefined,
    });
    expect(serverErrors(new Error('boom'), ['subject'], t)).toEqual({
      fields: {},
      message: 'errors.errors_occured.text',
    });
  });
});

describe('a ticket number typed in the header search', () => {
  it('reads "10048" and "#10048", nothing else', () => {
    expect(
      ['10048', '#10048', ' 10048 ', '10048a', '#', '0', 'abc', '1e3', '99999999999999999'].map(
        ticketNumberOf,
      ),
    ).toEqual([10048, 10048, 10048, undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  /** A session whose API answers the ticket (or its location, for staff) for 10048 only. */
  function sessionFor(rights: { global?: string[]; customer?: boolean }) {
    const asked: string[] = [];
    const answer = (url: string) => {
      asked.push(url);
      const found = url.endsWith('/10048');
      return found
        ? Promise.resolve({ data: { ticket_id: 10048, customer_id: 1001 } })
        : Promise.reject(new Error('404'));
    };
    return {
      asked,
      session: {
        api: {
          GET: (url: string, options: { params: { path: { ticket_id: number } } }) =>
            answer(
              url
                .replace('{ticket_id}', String(options.params.path.ticket_id))
                .replace('{customer_id}', '1001'),
            ),
        },
        queryClient: {
          fetchQuery: (options: { queryFn: (context: { signal: AbortSignal }) => Promise<unknown> }) =>
            options.queryFn({ signal: new AbortController().signal }),
        },
        selected: { get: () => ({ id: 1001, name: 'Gouden Korst' }) },
        can: (requirement: { global?: string[]; customer?: string[] }) =>
          requirement.global ? (rights.global ?? []).includes('ticket-read') : Boolean(rights.customer),
      } as unknown as Parameters<typeof findTicketByNumber>[0],
    };
  }

  it('finds a ticket staff may open through its location, and a customer through the selected customer', async () => {
    const staff = sessionFor({ global: ['ticket-read'] });
    expect(await findTicketByNumber(staff.session, '#10048')).toBe(10048);
    expect(staff.asked).toEqual(['/api/admin/v2/tickets/10048']);
    const customer = sessionFor({ customer: true });
    expect(await findTicketByNumber(customer.session, '10048')).toBe(10048);
    expect(customer.asked).toEqual(['/api/v2/customer/1001/tickets/10048']);
  });

  it('leaves unknown numbers, other text and users without the right to the search screen', async () => {
    const staff = sessionFor({ global: ['ticket-read'] });
    expect(await findTicketByNumber(staff.session, '10049')).toBeUndefined();
    expect(await findTicketByNumber(staff.session, 'printer')).toBeUndefined();
    const nobody = sessionFor({});
    expect(await findTicketByNumber(nobody.session, '10048')).toBeUndefined();
    expect(nobody.asked).toEqual([]);
  });
});
