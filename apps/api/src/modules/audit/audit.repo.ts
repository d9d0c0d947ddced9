import { and, desc, eq, gte, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents } from './audit.table.ts';

export interface AuditFilter {
  /** undefined: every customer (staff's whole log). */
  customerId?: number;
  actor?: string;
  /** An action or its first part. */
  action?: string;
  /** Day bounds, inclusive, UTC. */
  from?: string;
  to?: string;
  after?: { at: string; id: number };
  limit: number;
}

const columns = {
  id: auditEvents.id,
  at: sql<string>`to_char(${auditEvents.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  customer_id: auditEvents.customerId,
  actor_id: auditEvents.actorId,
  actor_name: auditEvents.actorName,
  action: auditEvents.action,
  object: auditEvents.object,
  summary: auditEvents.summary,
  request_id: auditEvents.requestId,
};

/** Reads of the audit log, newest first, scoped by customer unless staff read all. */
export function createAuditRepo(db: Database) {
  return {
    async list(filter: AuditFilter) {
      const after = filter.after;
      return db
        .select(columns)
        .from(auditEvents)
        .where(
          and(
            filter.customerId === undefined ? undefined : eq(auditEvents.customerId, filter.customerId),
            filter.actor ? eq(auditEvents.actorId, filter.actor) : undefined,
            filter.action
              ? or(eq(auditEvents.action, filter.action), like(auditEvents.action, `${filter.action}.%`))
              : undefined,
            filter.from ? gte(auditEvents.at, sql`${filter.from}::date`) : undefined,
            filter.to ? lt(auditEvents.at, sql`${filter.to}::date + 1`) : undefined,
            after
              ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(filter.limit);
    },

    async actors(customerId: number) {
      return db
        .selectDistinctOn([auditEvents.actorId], {
          actor_id: auditEvents.actorId,
          actor_name: auditEvents.actorName,
        })
        .from(auditEvents)
        .where(eq(auditEvents.customerId, customerId))
        .orderBy(auditEvents.actorId, desc(auditEvents.at));
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
