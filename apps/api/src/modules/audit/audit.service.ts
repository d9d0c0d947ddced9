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

export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
}

/** Writes audit events to the audit_events table. */
export function createAuditLog(db: Database): AuditLog {
  return {
    async record(event) {
      await db.insert(auditEvents).values({ ...event, summary: event.summary ?? '' });
    },
  };
}
