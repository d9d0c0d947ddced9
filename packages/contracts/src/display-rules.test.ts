import { describe, expect, it } from 'vitest';
import { formatDateTimeInZone, PORTAL_TIME_ZONE } from './display-rules.ts';

describe('formatDateTimeInZone', () => {
  it('shows an instant as DD-MM-YYYY HH:mm in the portal time zone, summer and winter', () => {
    expect(PORTAL_TIME_ZONE).toBe('Europe/Amsterdam');
    expect(formatDateTimeInZone('2026-10-14T06:41:00Z')).toBe('14-10-2026 08:41');
    expect(formatDateTimeInZone('2026-11-02T06:41:00Z')).toBe('02-11-2026 07:41');
    expect(formatDateTimeInZone('2026-11-30T23:04:00Z')).toBe('01-12-2026 00:04');
    expect(formatDateTimeInZone('2026-11-30T23:04:00Z', 'UTC')).toBe('30-11-2026 23:04');
  });
});
