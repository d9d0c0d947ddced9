import type { Database } from '../../db/client.ts';
import { auditEvents } from './audit.table.ts';

export interface AuditEvent {
  actorId: string;
  actorName: string;
  customerId: number | null;
  action: string;
  object: string;
  summary?: string;
  requestId: string;
}

/** A transaction of the database, so that a change and its audit event commit together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AuditLog {
  /** Writes one event; inside `tx` when given, so it commits (or not) with the change it records. */
  record(event: AuditEvent, tx?: Transaction): Promise<void>;
}

/** Writes audit events to the audit_events table. */
export function createAuditLog(db: Database): AuditLog {
  return {
    async record(event, tx) {
      await (tx ?? db).insert(auditEvents).values({ ...event, summary: event.summary ?? '' });
    },
  };
}
