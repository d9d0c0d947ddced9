import {
  type Application,
  type ApplicationChecks,
  availabilityRange,
  type ChecksQuery,
  uptimePercent,
} from '@portaal/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { type AvailabilityRepo, monthFigures } from './availability.repo.ts';

const DAY = 86_400_000;
const MIN_STEP_SECONDS = 60;

const applicationNotFound = (id: number) =>
  notFound('APPLICATION_NOT_FOUND', `Application ${id} does not exist or you cannot see it.`);

/**
 * Applications and their checks (DESIGN.md §8 Availability). The rights check (uptime-read) is the
 * route's; an application of another customer is not found.
 */
export function createAvailabilityService(
  repo: AvailabilityRepo,
  db: Database,
  clock: () => Date = () => new Date(),
) {
  return {
    /** A month's uptime (maintenance excluded) and downtime per application, for the SLA report. */
    async month(customerId: number, from: Date, to: Date) {
      const rows = await monthFigures(db, customerId, from, to);
      return rows.map((row) => ({
        name: row.name,
        target: Number(row.target),
        uptime: uptimePercent(row.up, row.down),
        downtimeMinutes: Math.round(Number(row.down_seconds) / 60),
      }));
    },

    async applications(customerId: number): Promise<Application[]> {
      const now = clock();
      const month = availabilityRange('currentMonth', now);
      const last = availabilityRange('lastPeriod', now);
      const rows = await repo.list(customerId, {
        since24h: new Date(now.getTime() - DAY),
        monthStart: month.from,
        lastStart: last.from,
        now,
      });
      return rows.map(({ counts, ...row }) => ({
        ...row,
        uptime: {
          last24h: uptimePercent(counts.last24h.up, counts.last24h.down),
          currentMonth: uptimePercent(counts.currentMonth.up, counts.currentMonth.down),
          lastPeriod: uptimePercent(counts.lastPeriod.up, counts.lastPeriod.down),
        },
      }));
    },

    async checks(customerId: number, applicationId: number, query: ChecksQuery): Promise<ApplicationChecks> {
      const interval = await repo.interval(customerId, applicationId);
      if (interval === undefined) throw applicationNotFound(applicationId);
      const { from, to } = availabilityRange(query.range, clock());
      // Never finer than the checks: a bucket narrower than the interval between them is empty every
      // other time, and uPlot draws no line through isolated points (the chart looked empty).
      const step = Math.max(
        MIN_STEP_SECONDS,
        interval,
        Math.ceil((to.getTime() - from.getTime()) / 1000 / query.width),
      );
      const count = Math.ceil((to.getTime() - from.getTime()) / 1000 / step);
      const start = Math.floor(from.getTime() / 1000);
      const timestamps = Array.from({ length: count }, (_, index) => start + index * step);
      const latency: (number | null)[] = timestamps.map(() => null);
      const down: (number | null)[] = timestamps.map(() => null);
      const [buckets, outages, maintenance] = await Promise.all([
        repo.buckets(applicationId, step, from, to),
        repo.outages(applicationId, from, to),
        repo.maintenance(applicationId, from),
      ]);
      let up = 0;
      let downChecks = 0;
      for (const bucket of buckets) {
        const index = Math.round((Number(bucket.t) - start) / step);
        up += bucket.up;
        downChecks += bucket.down;
        if (index < 0 || index >= count) continue;
        latency[index] = bucket.latency === null ? null : Math.round(Number(bucket.latency));
        down[index] = bucket.counted === 0 ? null : Math.round((bucket.down / bucket.counted) * 1000) / 1000;
      }
      return {
        application_id: applicationId,
        range: query.range,
        from: from.toISOString(),
        to: to.toISOString(),
        step_seconds: step,
        uptime: uptimePercent(up, downChecks),
        timestamps,
        latency_ms: latency,
        down,
        outages,
        maintenance,
      };
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
