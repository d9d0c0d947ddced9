import { describe, expect, it } from 'vitest';
import { formatDateTimeInZone, PORTAL_TIME_ZONE, slaSummary } from './report-display.ts';

const incident = (response_met: boolean | null, resolution_met: boolean | null) => ({
  response_met,
  resolution_met,
});

describe('slaSummary', () => {
  it('all met only when every availability and incident target is met and no credit is owed', () => {
    expect(
      slaSummary({
        applications: [{ met: true }, { met: null }],
        incidents: [incident(true, null)],
        service_credit_percent: 0,
      }),
    ).toEqual({ availabilityMissed: 0, incidentTargetsMissed: 0, creditPercent: 0, allMet: true });
  });

  it('a missed incident resolution target is not "all met", though no credit is owed', () => {
    expect(
      slaSummary({
        applications: [{ met: true }],
        incidents: [incident(true, false)],
        service_credit_percent: 0,
      }),
    ).toEqual({ availabilityMissed: 0, incidentTargetsMissed: 1, creditPercent: 0, allMet: false });
  });

  it('counts missed availability and both targets of an incident', () => {
    expect(
      slaSummary({
        applications: [{ met: false }, { met: true }],
        incidents: [incident(false, false), incident(true, true)],
        service_credit_percent: 5,
      }),
    ).toEqual({ availabilityMissed: 1, incidentTargetsMissed: 2, creditPercent: 5, allMet: false });
  });
});

describe('formatDateTimeInZone', () => {
  it('shows an instant as DD-MM-YYYY HH:mm in the portal time zone, summer and winter', () => {
    expect(PORTAL_TIME_ZONE).toBe('Europe/Amsterdam');
    expect(formatDateTimeInZone('2026-10-14T06:41:00Z')).toBe('14-10-2026 08:41');
    expect(formatDateTimeInZone('2026-11-02T06:41:00Z')).toBe('02-11-2026 07:41');
    expect(formatDateTimeInZone('2026-11-30T23:04:00Z')).toBe('01-12-2026 00:04');
    expect(formatDateTimeInZone('2026-11-30T23:04:00Z', 'UTC')).toBe('30-11-2026 23:04');
  });
});
