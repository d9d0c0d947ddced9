import { describe, expect, it } from 'vitest';
import {
  type DisplayLanguage,
  formatBytes,
  formatHours,
  formatNumber,
  formatQuantity,
} from './display-rules.ts';
import {
  formatUsageAmount,
  groupUsage,
  leftoverPercentage,
  recentPeriods,
  shiftPeriod,
  usageDisplay,
  usageStatus,
  usageStatusColours,
  usageTypeLabelKey,
  usedPercentage,
} from './usage-rules.ts';

const amounts = (
  periodStartAmount: number,
  remainingAmount: number,
  overusageAmount = 0,
  usedAmount?: number,
) => ({
  periodStartAmount,
  remainingAmount,
  overusageAmount,
  ...(usedAmount === undefined ? {} : { usedAmount }),
});

describe('usedPercentage and leftoverPercentage (SPEC.md §4)', () => {
  it.each([
    // period start 0: 0 when nothing is used, otherwise 100
    ['period start 0, nothing used', amounts(0, 0, 0, 0), 0],
    ['period start 0, something used', amounts(0, 0, 0, 3), 100],
    ['period start 0, over-usage only', amounts(0, 0, 2), 100],
    ['period start 0, a fraction used', amounts(0, 0, 0, 0.01), 100],
    // over-usage makes it 100, whatever remaining says
    ['over-usage', amounts(10, 0, 4), 100],
    ['over-usage with a stale remainder', amounts(10, 5, 0.5), 100],
    // otherwise round((1 − remaining / start) × 100)
    ['untouched', amounts(40, 40), 0],
    ['all used, no more', amounts(40, 0), 100],
    ['a quarter used', amounts(40, 30), 25],
    ['rounds half up: 40.5 → 41', amounts(200, 119), 41],
    ['rounds down: 40.4 → 40', amounts(500, 298), 40],
    ['rounds 90.5 → 91', amounts(200, 19), 91],
    ['rounds 89.6 → 90', amounts(1000, 104), 90],
    ['tiny use rounds to 0', amounts(1000, 999.996), 0],
    ['fractional hours', amounts(16, 12.5), 22],
  ])('%s', (_, input, expected) => {
    expect(usedPercentage(input)).toBe(expected);
    expect(leftoverPercentage(input)).toBe(100 - expected);
  });
});

describe('usageStatus (SPEC.md §4)', () => {
  it.each([
    [0, 'success', 'green'],
    [40, 'success', 'green'],
    [41, 'warning', 'orange'],
    [40.5, 'warning', 'orange'],
    [90, 'warning', 'orange'],
    [90.01, 'error', 'red'],
    [91, 'error', 'red'],
    [100, 'error', 'red'],
  ] as const)('%s%% used is %s (%s)', (used, status, colour) => {
    expect(usageStatus(used)).toBe(status);
    expect(usageStatusColours[usageStatus(used)]).toBe(colour);
  });
});

describe('usageDisplay (SPEC.md §9: large amount, label, over-usage)', () => {
  it.each([
    ['left from the period start', { ...amounts(40, 30), usedAmount: 10 }, 30, 'left_from', null, 'success'],
    ['untouched', { ...amounts(40, 40), usedAmount: 0 }, 40, 'left_from', null, 'success'],
    ['all used', { ...amounts(40, 0), usedAmount: 40 }, 40, 'used', null, 'error'],
    ['used more than the bundle', { ...amounts(40, 0, 6), usedAmount: 46 }, 46, 'used_more', 6, 'error'],
    ['no bundle, used', { ...amounts(0, 0, 0), usedAmount: 12 }, 12, 'used', null, 'error'],
    ['no bundle, nothing used', { ...amounts(0, 0, 0), usedAmount: 0 }, 0, 'used', null, 'success'],
    ['no bundle left, over-usage', { ...amounts(0, 0, 3), usedAmount: 3 }, 3, 'used', 3, 'error'],
  ] as const)('%s', (_, entry, amount, label, overusage, status) => {
    expect(usageDisplay(entry)).toMatchObject({ amount, label, overusage, status });
  });
});

const both: DisplayLanguage[] = ['en', 'nl'];

describe('formatNumber (SPEC.md §9: above 1000 integers, otherwise 2 decimals, en-GB / nl-NL)', () => {
  it.each([
    [0, '0', '0'],
    [0.5, '0.5', '0,5'],
    [12.345, '12.35', '12,35'],
    [12.344, '12.34', '12,34'],
    [999.994, '999.99', '999,99'],
    [999.999, '1,000', '1.000'],
    [1000, '1,000', '1.000'],
    [1000.4, '1,000', '1.000'],
    [1000.5, '1,001', '1.001'],
    [1234.5, '1,235', '1.235'],
    [1_234_567.89, '1,234,568', '1.234.568'],
    [-1500.2, '-1,500', '-1.500'],
    [-0.004, '0', '0'],
  ])('%s → %s (en) / %s (nl)', (value, en, nl) => {
    expect(formatNumber(value, 'en')).toBe(en);
    expect(formatNumber(value, 'nl')).toBe(nl);
  });
});

describe('formatHours (SPEC.md §9: hours as hours and minutes)', () => {
  it.each([
    [0, '0 min', '0 min'],
    [0.25, '15 min', '15 min'],
    [1, '1 h', '1 u'],
    [1.5, '1 h 30 min', '1 u 30 min'],
    [1.999, '2 h', '2 u'],
    [7.75, '7 h 45 min', '7 u 45 min'],
    [-2.5, '-2 h 30 min', '-2 u 30 min'],
    [1500, '1,500 h', '1.500 u'],
  ])('%s → %s / %s', (hours, en, nl) => {
    expect(formatHours(hours, 'en')).toBe(en);
    expect(formatHours(hours, 'nl')).toBe(nl);
  });
});

describe('units', () => {
  it.each(['Mbps', 'MiB', 'GiB', 'TiB', 'PB', 'TB', 'series', 'ks'])(
    '%s stays literal in both languages',
    (unit) => {
      for (const language of both) expect(formatQuantity(2, unit, language)).toBe(`2 ${unit}`);
    },
  );
  it('formats usage amounts: manhour and hour as hours and minutes, others with their unit', () => {
    expect(formatUsageAmount(12.5, 'hour', 'en', 'manhour')).toBe('12 h 30 min');
    expect(formatUsageAmount(12.5, 'hour', 'nl')).toBe('12 u 30 min');
    expect(formatUsageAmount(2048.4, 'GiB', 'nl', 'storage')).toBe('2.048 GiB');
    expect(formatUsageAmount(1.25, 'TB', 'en', 'traffic')).toBe('1.25 TB');
    expect(formatUsageAmount(0, 'series', 'nl', 'observe_series')).toBe('0 series');
  });
  it('labels the usage type manhour as hour, others by their own name', () => {
    expect(usageTypeLabelKey('manhour')).toBe('hour');
    expect(usageTypeLabelKey('storage')).toBe('storage');
  });
  it('formats bytes in GiB below 1 TiB and TiB from there', () => {
    expect(formatBytes(512 * 1024 ** 3, 'en')).toBe('512 GiB');
    expect(formatBytes(1024 ** 4, 'nl')).toBe('1 TiB');
    expect(formatBytes(1.5 * 1024 ** 4, 'nl')).toBe('1,5 TiB');
  });
});

describe('periods and groups', () => {
  it('shifts and lists months across years', () => {
    expect(shiftPeriod('2026-01', -1)).toBe('2025-12');
    expect(shiftPeriod('2025-12', 1)).toBe('2026-01');
    const periods = recentPeriods(new Date('2026-11-24T06:00:00Z'));
    expect(periods).toHaveLength(13);
    expect(periods[0]).toBe('2026-11');
    expect(periods[12]).toBe('2025-11');
  });
  it('groups by type in kind order and sorts each group by usageType', () => {
    const groups = groupUsage([
      { type: 'storage', usage_type: 'storage' },
      { type: 'hours', usage_type: 'manhour' },
      { type: 'storage', usage_type: 'backup' },
      { type: 'observe', usage_type: 'observe_series' },
      { type: 'observe', usage_type: 'observe_bytes' },
      { type: 'hours', usage_type: 'consultancy' },
    ]);
    expect(groups.map((group) => [group.type, group.usages.map((usage) => usage.usage_type)])).toEqual([
      ['hours', ['consultancy', 'manhour']],
      ['storage', ['backup', 'storage']],
      ['observe', ['observe_bytes', 'observe_series']],
    ]);
  });
});
