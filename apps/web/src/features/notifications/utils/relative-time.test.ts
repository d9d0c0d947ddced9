import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = new Date(2026, 2, 11, 10, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

describe('when a notification arrived', () => {
  it('is "just now" under a minute, also for a clock slightly ahead', () => {
    expect(formatRelativeTime(new Date(2026, 2, 11, 9, 59, 30), 'en', 'just now', now)).toBe('just now');
    expect(formatRelativeTime(at(11, 10, 1), 'nl', 'zojuist', now)).toBe('zojuist');
  });

  it('counts minutes and hours in the language of the user', () => {
    expect(formatRelativeTime(at(11, 9, 55), 'en', '', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(at(11, 9, 55), 'nl', '', now)).toBe('5 minuten geleden');
    expect(formatRelativeTime(at(11, 7, 0), 'en', '', now)).toBe('3 hours ago');
    expect(formatRelativeTime(at(11, 7, 0), 'nl', '', now)).toBe('3 uur geleden');
  });

  it('counts calendar days from a day on', () => {
    expect(formatRelativeTime(at(10, 9, 0), 'en', '', now)).toBe('yesterday');
    expect(formatRelativeTime(at(10, 9, 0), 'nl', '', now)).toBe('gisteren');
    // 35 hours ago, but two calendar days back.
    expect(formatRelativeTime(at(9, 23, 0), 'en', '', now)).toBe('2 days ago');
    expect(formatRelativeTime(at(5, 10, 0), 'nl', '', now)).toBe('6 dagen geleden');
  });

  it('is DD-MM-YYYY HH:mm from a week on', () => {
    expect(formatRelativeTime(at(4, 8, 5), 'en', '', now)).toBe('04-03-2026 08:05');
    expect(formatRelativeTime('not a date', 'en', '', now)).toBe('');
  });
});
