import { describe, expect, it } from 'vitest';
import {
  CROSSCHECK_AMOUNT_PATTERN,
  crosscheckAmount,
  crosscheckDifferenceStatuses,
  crosscheckFigures,
  crosscheckStatuses,
  crosscheckToBill,
} from './crosscheck-rules.ts';

describe('crosscheckFigures (decision 0027)', () => {
  it.each([
    // [case, billed, used, difference, status]
    ['nothing billed, nothing used', '0.00', '0.00', '0.00', 'match'],
    ['nothing billed, a hundredth used', '0.00', '0.01', '-0.01', 'unbilled'],
    ['nothing billed, much used', '0', '1234.5', '-1234.50', 'unbilled'],
    ['a negative bundle counts as nothing billed', '-1.00', '2.00', '-3.00', 'unbilled'],
    ['a hundredth billed, nothing used', '0.01', '0.00', '0.01', 'unused'],
    ['billed, a negative use counts as nothing used', '16.00', '-0.50', '16.50', 'unused'],
    ['billed and used exactly', '16.00', '16.00', '0.00', 'match'],
    ['billed, used a hundredth less', '16.00', '15.99', '0.01', 'match'],
    ['billed, used a hundredth more', '16.00', '16.01', '-0.01', 'under_billed'],
    ['billed a hundredth, used two', '0.01', '0.02', '-0.01', 'under_billed'],
    ['large amounts stay exact', '999999999999.99', '1000000000000.00', '-0.01', 'under_billed'],
    ['one decimal given', '7.5', '7.25', '0.25', 'match'],
    ['whole numbers given', '50000', '41000', '9000.00', 'match'],
  ] as const)('%s: %s billed, %s used', (_case, billed, used, difference, status) => {
    const figures = crosscheckFigures(billed, used);
    expect(figures).toEqual({ difference, status });
    expect(figures.difference).toMatch(CROSSCHECK_AMOUNT_PATTERN);
  });

  it('refuses what is not a decimal with at most two decimals', () => {
    for (const bad of ['', '1e3', '1.234', 'NaN', '1,5', ' 1']) {
      expect(() => crosscheckFigures(bad, '0')).toThrow(/not a decimal/);
      expect(() => crosscheckFigures('0', bad)).toThrow(/not a decimal/);
    }
  });

  it('counts every status but match as a difference', () => {
    expect([...crosscheckDifferenceStatuses].sort()).toEqual(
      crosscheckStatuses.filter((status) => status !== 'match').sort(),
    );
  });
});

describe('crosscheckAmount', () => {
  it.each([
    ['0', '0.00'],
    ['-0', '0.00'],
    ['-0.00', '0.00'],
    ['7.5', '7.50'],
    ['-12.25', '-12.25'],
    ['100', '100.00'],
  ])('%s → %s', (given, expected) => expect(crosscheckAmount(given)).toBe(expected));
});

describe('crosscheckToBill', () => {
  it.each([
    ['within the bundle', '16.00', '12.00', '0.00'],
    ['exactly the bundle', '16.00', '16.00', '0.00'],
    ['beyond the bundle', '16.00', '18.25', '2.25'],
    ['no bundle', '0.00', '3.50', '3.50'],
    ['a negative bundle bills all that was used', '-2.00', '3.50', '3.50'],
    ['nothing used', '8.00', '0.00', '0.00'],
  ])('%s', (_case, billed, used, expected) => expect(crosscheckToBill(billed, used)).toBe(expected));
});
