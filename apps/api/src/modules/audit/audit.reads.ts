import { hasRights, type RightsMap } from '@portaal/contracts';
import type { AuditQuery } from '@portaal/contracts/audit';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditRepo } from './audit.repo.ts';

const LIST = 'audit';
const auditCursor = z.tuple([cursorValue.time, cursorValue.bigId]);

/**
 * Reading the audit log (DESIGN.md §8): a customer's owners (user-admin) read their customer's log,
 * staff (global company-read) every customer's. Newest first, keyset paged.
 */
export function createAuditReads({ repo, cursors }: { repo: AuditRepo; cursors: Cursors }) {
  const mayRead = (rights: RightsMap, customerId: number) =>
    hasRights(rights, { customer: ['user-admin'] }, customerId, () => {}) ||
    (rights.global ?? []).includes('company-read');

  async function page(query: AuditQuery, customerId?: number) {
    const after = query.cursor ? cursors.decode(LIST, query.cursor, auditCursor) : undefined;
    const rows = await repo.list({
      customerId,
      actor: query.actor,
      action: query.action,
      from: query.from,
      to: query.to,
      after: after && { at: after[0], id: after[1] },
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > query.limit && last ? cursors.encode(LIST, [last.at, last.id]) : undefined,
    };
  }

  return {
    async customerLog(rights: RightsMap, customerId: number, query: AuditQuery) {
      if (!mayRead(rights, customerId)) throw forbidden('Only owners and staff read the audit log.');
      return page(query, customerId);
    },
    async actors(rights: RightsMap, customerId: number) {
      if (!mayRead(rights, customerId)) throw forbidden('Only owners and staff read the audit log.');
      return repo.actors(customerId);
    },
    /** Staff: every customer's events (and staff actions without a customer). */
    allLog: (query: AuditQuery) => page(query),
  };
}
export type AuditReads = ReturnType<typeof createAuditReads>;
