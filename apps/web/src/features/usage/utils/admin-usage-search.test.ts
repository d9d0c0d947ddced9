import { describe, expect, it } from 'vitest';
import {
  adminUsageFiltersFromSearch,
  adminUsageSearchFromFilters,
  validateAdminUsageSearch,
} from './admin-usage-search.ts';
import { validateUsageSearch } from './search-params.ts';

describe('the search params of usage of all customers', () => {
  it('keeps what the API accepts and drops the rest, never an error', () => {
    expect(
      validateAdminUsageSearch({
        month: '2026-10',
        q: '  gouden ',
        status: 'warning,bogus,error,error',
        type: 'observe,hours',
        over: '1',
      }),
    ).toEqual({ month: '2026-10', q: 'gouden', status: 'warning,error', type: 'hours,observe', over: 1 });
    expect(
      validateAdminUsageSearch({ month: '2026-13', q: 'a\u0000b', status: 'ok', type: 7, over: 'yes' }),
    ).toEqual({});
    // The router reads ?q=1001 as a number.
    expect(validateAdminUsageSearch({ q: 1001 })).toEqual({ q: '1001' });
    expect(validateAdminUsageSearch({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });

  it('goes from the URL to filters and back; the current month stays out of the URL', () => {
    const search = { month: '2026-09', q: 'ltd', status: 'error', type: 'storage', over: 1 as const };
    const filters = adminUsageFiltersFromSearch(search);
    expect(filters).toEqual({
      month: '2026-09',
      q: 'ltd',
      status: ['error'],
      type: ['storage'],
      overQuota: true,
    });
    expect(adminUsageSearchFromFilters(filters, '2026-11')).toEqual(search);
    expect(
      adminUsageSearchFromFilters({ ...filters, month: '2026-11', overQuota: false }, '2026-11'),
    ).toEqual({
      q: 'ltd',
      status: 'error',
      type: 'storage',
    });
    expect(adminUsageFiltersFromSearch({})).toEqual({ q: '', status: [], type: [], overQuota: false });
  });

  it("the customer's usage screen takes the customer a staff link carries", () => {
    expect(validateUsageSearch({ customer: 1002, period: '2026-10' })).toEqual({
      customer: 1002,
      period: '2026-10',
    });
    expect(validateUsageSearch({ customer: '1002' })).toEqual({ customer: 1002 });
    expect(validateUsageSearch({ customer: 'abc', period: 'x' })).toEqual({});
    expect(validateUsageSearch({ customer: -1 })).toEqual({});
  });
});
