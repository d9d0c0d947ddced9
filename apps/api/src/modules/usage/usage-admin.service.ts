import { type AdminUsageQuery, type AdminUsageRow, periodOf, usageDisplay } from '@portaal/contracts';
import { z } from 'zod';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AllUsageRow, UsageRepo } from './usage.repo.ts';

/** The list's cursor: the last row's sort key (rank, used percentage, customer name, entry id). */
const allUsageCursor = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  z.number().finite(),
  cursorValue.text,
  cursorValue.id,
]);
const LIST = 'usage-all';

/**
 * Usage of all customers (staff, DESIGN.md §4): every customer's bundles of one month, those over
 * quota or near their limit first. The rights check (global usage-read) is the route's. The
 * percentage and status of each row are contracts' (usageDisplay), the same as on the customer's
 * own usage screen; the SQL only filters and sorts by them.
 */
export function createUsageAdminService(deps: {
  repo: Pick<UsageRepo, 'allCustomers'>;
  cursors: Cursors;
  clock?: () => Date;
}) {
  const { repo, cursors, clock = () => new Date() } = deps;

  const toRow = ({ rank: _rank, used_percent: _used, ...row }: AllUsageRow): AdminUsageRow => {
    const display = usageDisplay({
      periodStartAmount: row.period_start_amount,
      remainingAmount: row.remaining_amount,
      usedAmount: row.used_amount,
      overusageAmount: row.overusage_amount,
    });
    return { ...row, used_percent: display.usedPercent, status: display.status };
  };

  return {
    async list(query: AdminUsageQuery) {
      const after = query.cursor ? cursors.decode(LIST, query.cursor, allUsageCursor) : undefined;
      const rows = await repo.allCustomers(
        {
          period: query.month ?? periodOf(clock()),
          q: query.q || undefined,
          statuses: query.status,
          types: query.type,
          overQuota: query.over_quota,
        },
        after && { rank: after[0], usedPercent: after[1], customerName: after[2], id: after[3] },
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toRow),
        nextCursor:
          rows.length > query.limit && last
            ? cursors.encode(LIST, [last.rank, last.used_percent, last.customer_name, last.id])
            : undefined,
      };
    },
  };
}
export type UsageAdminService = ReturnType<typeof createUsageAdminService>;
