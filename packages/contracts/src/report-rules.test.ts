import { describe, expect, it } from 'vitest';
import { slaSummary } from './report-rules.ts';

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
