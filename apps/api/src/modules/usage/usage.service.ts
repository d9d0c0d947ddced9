import { groupUsage, periodOf, type Usage, type UsageQuery } from '@portaal/contracts';
import type { UsageRecord, UsageRepo } from './usage.repo.ts';

const wire = ({ rate: _rate, ...entry }: UsageRecord) => entry;

/**
 * Usage of one customer and period (DESIGN.md §8 Usage). The rights check (usage-read) is the
 * route's; the repo keeps every answer inside the customer.
 */
export function createUsageService(repo: UsageRepo, clock: () => Date = () => new Date()) {
  return {
    async usage(customerId: number, query: UsageQuery): Promise<Usage> {
      const period = query.period ?? periodOf(clock());
      const [entries, periods] = await Promise.all([
        repo.entries(customerId, period),
        repo.periods(customerId),
      ]);
      return { period, periods, groups: groupUsage(entries.map(wire)) };
    },

    /** The groups of this month alone (the dashboard's bundles): one statement, no period list. */
    async currentGroups(customerId: number): Promise<Usage['groups']> {
      return groupUsage((await repo.entries(customerId, periodOf(clock()))).map(wire));
    },

    /** Entries with their rate, for the usage report. */
    entries: (customerId: number, period: string) => repo.entries(customerId, period),
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
