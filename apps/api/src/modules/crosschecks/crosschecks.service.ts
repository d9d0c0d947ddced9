import {
  type CrosscheckExportQuery,
  type CrosscheckMonth,
  type CrosscheckMonthsQuery,
  type CrosscheckQuery,
  type CrosscheckRow,
  crosscheckFigures,
} from '@portaal/contracts';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { crosscheckCsv, crosscheckFileName } from './crosschecks.csv.ts';
import type { CrosscheckRecord, CrosschecksRepo } from './crosschecks.repo.ts';

const LIST = 'crosscheck-rows';
/** The detail's cursor: the last row's sort key (customer name, customer id, subtype, unit). */
const rowCursor = z.tuple([cursorValue.text, cursorValue.id, cursorValue.text, cursorValue.text]);

/** A row with the difference and status contracts computes (the one place the rule lives). */
export const toCrosscheckRow = (record: CrosscheckRecord): CrosscheckRow => ({
  ...record,
  ...crosscheckFigures(record.billed, record.used),
});

/**
 * Crosschecks of billed versus used (staff, decision 0027). The rights checks (global crosscheck-read,
 * crosscheck-export) are the routes'.
 */
export function createCrosschecksService(deps: {
  repo: CrosschecksRepo;
  cursors: Cursors;
  audit: Pick<AuditLog, 'record'>;
}) {
  const { repo, cursors, audit } = deps;
  return {
    months(query: CrosscheckMonthsQuery): Promise<CrosscheckMonth[]> {
      return repo.months(query.month);
    },

    async rows(month: string, query: CrosscheckQuery) {
      const after = query.cursor ? cursors.decode(LIST, query.cursor, rowCursor) : undefined;
      const records = await repo.rows(
        { month, subtype: query.subtype, q: query.q || undefined, statuses: query.status },
        after && { customerName: after[0], customerId: after[1], subtype: after[2], unit: after[3] },
        query.limit + 1,
      );
      const page = records.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toCrosscheckRow),
        nextCursor:
          records.length > query.limit && last
            ? cursors.encode(LIST, [last.customer_name, last.customer_id, last.subtype, last.unit])
            : undefined,
      };
    },

    /** The CSV of one subtype, and an audit event: billing figures of every customer left the portal. */
    async exportCsv(month: string, query: CrosscheckExportQuery, actor: Actor) {
      const records = await repo.exportRows(month, query.subtype);
      await audit.record({
        actorId: actor.id,
        actorName: actor.name,
        // Not one customer's: the export spans all customers of the subtype.
        customerId: null,
        action: 'crosscheck.export',
        object: `${month}/${query.subtype}`,
        summary: `CSV (${query.language}) of ${records.length} customers`,
        requestId: actor.requestId,
      });
      return {
        bytes: crosscheckCsv(month, records, query.language),
        fileName: crosscheckFileName(month, query.subtype, query.language),
      };
    },
  };
}
export type CrosschecksService = ReturnType<typeof createCrosschecksService>;
