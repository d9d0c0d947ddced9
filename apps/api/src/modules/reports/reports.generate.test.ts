import type { SlaReport } from '@portaal/contracts';
import { describe, expect, it } from 'vitest';
import { createReportGenerator, type GenerateDeps } from './reports.generate.ts';

/** One high-priority incident answered after 90 minutes and closed after 5 hours, in March 2026. */
const deps: GenerateDeps = {
  repo: {} as GenerateDeps['repo'],
  customerIds: async () => [1001],
  tickets: {
    incidents: async () => [
      {
        id: 10_001,
        subject: 'Webshop down',
        priority: 1,
        created_at: new Date('2026-03-10T08:00:00Z'),
        responded_at: new Date('2026-03-10T09:30:00Z'),
        closed_at: new Date('2026-03-10T13:00:00Z'),
      },
    ],
  },
  usage: { entries: async () => [] },
  availability: { month: async () => [] },
};

const incidentOf = async (generator: ReturnType<typeof createReportGenerator>) =>
  ((await generator.compute(1001, 'sla', '2026-03')) as Pick<SlaReport, 'incidents'>).incidents[0];

describe('SLA report incidents against the response targets', () => {
  it('uses the default targets (1 hour for high priority) when none are configured', async () => {
    const incident = await incidentOf(createReportGenerator(deps));
    expect(incident).toMatchObject({
      ticket_id: 10_001,
      response_minutes: 90,
      response_target_minutes: 60,
      response_met: false,
      resolution_minutes: 300,
    });
  });

  it("uses the service desk's configured targets (TICKET_RESPONSE_TARGETS)", async () => {
    const incident = await incidentOf(
      createReportGenerator({ ...deps, responseTargets: { 1: 120, 2: 480, 3: 2880 } }),
    );
    expect(incident).toMatchObject({ response_target_minutes: 120, response_met: true });
  });
});
