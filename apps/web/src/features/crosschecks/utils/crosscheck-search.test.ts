import { describe, expect, it } from 'vitest';
import {
  crosscheckFiltersFromSearch,
  crosscheckSearchFromFilters,
  validateCrosscheckSearch,
  validMonth,
} from './crosscheck-search.ts';

describe('crosscheck search params', () => {
  it.each([
    [{}, {}],
    [{ status: 'unused,late,unbilled' }, { status: 'unbilled,unused' }],
    [{ status: ',' }, {}],
    [{ subtype: 'manhour' }, { subtype: 'manhour' }],
    [{ subtype: 'Man hour' }, {}],
    [{ q: 1001 }, { q: '1001' }],
    [{ q: '  gouden  ' }, { q: 'gouden' }],
    [{ q: 'a\u0000b' }, {}],
    [{ q: 'x'.repeat(150) }, { q: 'x'.repeat(100) }],
  ])('%j → %j', (given, expected) => expect(validateCrosscheckSearch(given)).toEqual(expected));

  it('round-trips filters', () => {
    const filters = { status: ['under_billed', 'unused'] as const, subtype: 'storage', q: 'korst' };
    expect(
      crosscheckFiltersFromSearch(crosscheckSearchFromFilters({ ...filters, status: [...filters.status] })),
    ).toEqual({
      ...filters,
      status: [...filters.status],
    });
  });

  it.each([
    ['2026-10', true],
    ['2026-13', false],
    ['2026-1', false],
    ['export', false],
  ])('month %s valid: %s', (month, valid) => expect(validMonth(month)).toBe(valid));
});
