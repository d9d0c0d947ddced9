import {
  defaultResolutionTargetMinutes,
  defaultResponseTargetMinutes,
  displayIdOf,
  fromCents,
  overusageCost,
  periodOf,
  type ReportKind,
  type SlaReport,
  serviceCreditPercent,
  shiftPeriod,
  toCents,
  type UsageReport,
} from '@portaal/contracts';
import type { IncidentReads } from '../tickets/tickets.incidents.ts';
import type { ReportsRepo } from './reports.repo.ts';

/** The pg-boss schedule that generates last month's reports. */
export const REPORTS_JOB = 'reports.monthly';

type UsageData = Pick<UsageReport, 'items' | 'total_cost'>;
type SlaData = Pick<SlaReport, 'applications' | 'incidents' | 'service_credit_percent'>;

export interface GenerateDeps {
  repo: ReportsRepo;
  /** Every customer's id (the customers module's), for a month's run over all of them. */
  customerIds: () => Promise<number[]>;
  /**
   * Response targets in minutes per priority: the service desk's own (TICKET_RESPONSE_TARGETS), so the
   * SLA report measures incidents against the targets the staff queue works to.
   */
  responseTargets?: Readonly<Record<1 | 2 | 3, number>>;
  /** The tickets module's incident reads (response and resolution times). */
  tickets: Pick<IncidentReads, 'incidents'>;
  usage: {
    entries(
      customerId: number,
      period: string,
    ): Promise<
      {
        type: UsageReport['items'][number]['type'];
        usage_type: string;
        subtype: string;
        unit: UsageReport['items'][number]['unit'];
        period_start_amount: number;
        used_amount: number;
        remaining_amount: number;
        overusage_amount: number;
        rate: string;
      }[]
    >;
  };
  availability: {
    month(
      customerId: number,
      from: Date,
      to: Date,
    ): Promise<{ name: string; target: number; uptime: number | null; downtimeMinutes: number }[]>;
  };
}

const monthRange = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
};
const minutesBetween = (from: Date, to: Date | null) =>
  to === null ? null : Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The monthly reports (DESIGN.md §8): figures computed once from usage, checks and incident tickets
 * and kept, so a report reads the same later. Generating a month again keeps what is there.
 */
export function createReportGenerator({
  repo,
  customerIds,
  tickets,
  usage,
  availability,
  responseTargets = defaultResponseTargetMinutes,
}: GenerateDeps) {
  async function usageData(customerId: number, period: string): Promise<UsageData> {
    const entries = await usage.entries(customerId, period);
    const items = entries.map((entry) => ({
      type: entry.type,
      usage_type: entry.usage_type,
      subtype: entry.subtype,
      unit: entry.unit,
      bought: entry.period_start_amount,
      used: entry.used_amount,
      month_balance: round2(entry.period_start_amount - entry.used_amount),
      left_over: entry.remaining_amount,
      over_quota: entry.overusage_amount,
      rate: entry.rate,
      cost: overusageCost(entry.overusage_amount, entry.rate),
    }));
    const total = items.reduce((sum, item) => sum + toCents(item.cost), 0n);
    return { items, total_cost: fromCents(total) };
  }

  async function slaData(customerId: number, period: string): Promise<SlaData> {
    const { from, to } = monthRange(period);
    const [apps, incidents] = await Promise.all([
      availability.month(customerId, from, to),
      tickets.incidents(customerId, from, to),
    ]);
    const applications = apps.map((app) => ({
      name: app.name,
      target: app.target,
      uptime: app.uptime,
      met: app.uptime === null ? null : app.uptime >= app.target,
      downtime_minutes: app.downtimeMinutes,
      service_credit_percent: serviceCreditPercent(app.uptime, app.target),
    }));
    return {
      applications,
      incidents: incidents.map((ticket) => {
        const priority = ticket.priority;
        const response = minutesBetween(ticket.created_at, ticket.responded_at);
        const resolution = minutesBetween(ticket.created_at, ticket.closed_at);
        const responseTarget = responseTargets[priority];
        const resolutionTarget = defaultResolutionTargetMinutes[priority];
        return {
          ticket_id: ticket.id,
          subject: ticket.subject,
          priority,
          created_at: new Date(ticket.created_at).toISOString(),
          response_minutes: response,
          response_target_minutes: responseTarget,
          response_met: response === null ? null : response <= responseTarget,
          resolution_minutes: resolution,
          resolution_target_minutes: resolutionTarget,
          resolution_met: resolution === null ? null : resolution <= resolutionTarget,
        };
      }),
      service_credit_percent: Math.max(0, ...applications.map((app) => app.service_credit_percent)),
    };
  }

  /** A month's figures of one report, computed now (nothing is stored). */
  const compute = (customerId: number, kind: ReportKind, period: string): Promise<UsageData | SlaData> =>
    kind === 'usage' ? usageData(customerId, period) : slaData(customerId, period);

  async function generate(customerId: number, kind: ReportKind, period: string): Promise<boolean> {
    const data = await compute(customerId, kind, period);
    return repo.insert({ customerId, kind, period, displayId: displayIdOf(kind, period), data });
  }

  return {
    compute,
    generate,
    /** Both reports of a month for every customer; answers how many were new. */
    async generateMonth(period: string): Promise<number> {
      let created = 0;
      for (const customerId of await customerIds()) {
        for (const kind of ['sla', 'usage'] as const)
          if (await generate(customerId, kind, period)) created += 1;
      }
      return created;
    },
    /** The month before `now` (the schedule runs on the first of each month). */
    lastPeriod: (now: Date) => shiftPeriod(periodOf(now), -1),
  };
}
export type ReportGenerator = ReturnType<typeof createReportGenerator>;
