import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatHours,
  formatMonth,
  formatNumber,
  formatQuantity,
} from './format.ts';

describe('formatNumber', () => {
  it('uses en-GB and nl-NL separators', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,235');
    expect(formatNumber(1234.5, 'nl')).toBe('1.235');
    expect(formatNumber(12.345, 'en')).toBe('12.35');
    expect(formatNumber(12.345, 'nl')).toBe('12,35');
  });
  it('rounds quantities above 1000 to integers and keeps 2 decimals below', () => {
    expect(formatNumber(1000.75, 'en')).toBe('1,001');
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(999.999, 'en')).toBe('1,000');
    expect(formatNumber(0.5, 'nl')).toBe('0,5');
  });
  it('keeps units literal', () => {
    expect(formatQuantity(2048.4, 'GiB', 'nl')).toBe('2.048 GiB');
    expect(formatQuantity(100, 'Mbps', 'en')).toBe('100 Mbps');
    expect(formatQuantity(3, 'series', 'nl')).toBe('3 series');
  });
});

describe('dates', () => {
  it('formats DD-MM-YYYY and DD-MM-YYYY HH:mm', () => {
    expect(formatDate('2026-03-07')).toBe('07-03-2026');
    expect(formatDate(new Date(2026, 0, 9, 23, 5))).toBe('09-01-2026');
    expect(formatDateTime(new Date(2026, 0, 9, 23, 5))).toBe('09-01-2026 23:05');
    expect(formatDate('not a date')).toBe('');
  });

  it("names a month in the reader's language, and leaves what is no month as it is", () => {
    expect(formatMonth('2026-10', 'en')).toBe('October 2026');
    expect(formatMonth('2026-10', 'nl')).toBe('oktober 2026');
    expect(formatMonth('2027-01', 'nl')).toBe('januari 2027');
    expect(formatMonth('2026-13', 'en')).toBe('2026-13');
  });
});

describe('formatHours', () => {
  it('shows hours and minutes', () => {
    expect(formatHours(1.5, 'en')).toBe('1 h 30 min');
    expect(formatHours(1.5, 'nl')).toBe('1 u 30 min');
    expect(formatHours(0.25, 'en')).toBe('15 min');
    expect(formatHours(8, 'nl')).toBe('8 u');
    expect(formatHours(1500, 'nl')).toBe('1.500 u');
  });
});
