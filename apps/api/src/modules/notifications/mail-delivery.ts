import { createHash } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createTransport } from 'nodemailer';
import type pg from 'pg';
import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import * as schema from '../../db/schema.ts';
import { mailOutbox } from './notifications.table.ts';

export type DeliveryResult = 'sent' | 'stored' | 'skipped' | 'failed';

export interface MailDeliveryOptions {
  /** The pool the outbox rows live in; each delivery holds one connection for its lock. */
  pool: pg.Pool;
  /** Without it mails are kept in the outbox as 'stored' (the embedded mail target). */
  smtpUrl?: string;
  mailFrom: string;
  /** A mail claimed this often without success is given up (a sweep could otherwise retry forever). */
  maxAttempts?: number;
  /** Bounds every SMTP wait, so a stalled server fails the attempt rather than the job's expiry. */
  smtpTimeoutMs?: number;
}

/** Thrown when another worker holds the mail right now; the job is retried and then finds it sent. */
export class MailBusyError extends Error {
  constructor(mailId: number) {
    super(`mail ${mailId} is being delivered by another worker`);
    this.name = 'MailBusyError';
  }
}

// Advisory lock class for outbox mails ('mail' in ASCII), so the ids do not collide with other locks.
const LOCK_CLASS = 0x6d61696c;

/** A Message-ID derived from the idempotency key: a resent copy carries the same id, so it can be dropped. */
export function messageIdFor(idempotencyKey: string, mailFrom: string): string {
  const domain = /@([\w.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'portaal.localhost';
  const hash = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return `<${hash}@${domain}>`;
}

/**
 * Delivers outbox mails, at most once per row as far as SMTP allows:
 *
 * 1. A session advisory lock on the mail, so a second worker (a job retried after its expiry while
 *    the first is still alive) never sends concurrently. A killed worker's connection closes and
 *    PostgreSQL drops its lock with it.
 * 2. Claim: `attempts + 1` only while the row is `pending`; a row already `sent`, `stored` or
 *    `failed` is left alone, so a retried or repeated job sends nothing.
 * 3. Send, then mark `sent` in one statement right after the SMTP server accepted the message.
 *
 * The one window left: the server accepted the message (250 after DATA) and the worker dies, or the
 * database is unreachable, before that single UPDATE. The retry then sends the mail again, with the
 * same Message-ID. A worker killed before the server accepted the message leaves no mail behind
 * (SMTP discards a transaction whose connection drops before the final dot is acknowledged), and the
 * retry sends exactly one.
 */
export function createMailDelivery(options: MailDeliveryOptions) {
  const maxAttempts = options.maxAttempts ?? 10;
  const timeout = options.smtpTimeoutMs ?? 30_000;
  const transport = options.smtpUrl
    ? createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      })
    : undefined;

  async function deliverLocked(db: ReturnType<typeof bind>, mailId: number, finalAttempt: boolean) {
    const [mail] = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1` })
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'pending')))
      .returning();
    if (!mail) return 'skipped';
    if (mail.attempts > maxAttempts) {
      await db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, mailId));
      return 'failed';
    }
    if (!transport) {
      await db
        .update(mailOutbox)
        .set({ status: 'stored', sentAt: sql`now()`, lastError: null })
        .where(eq(mailOutbox.id, mailId));
      return 'stored';
    }
    try {
      await transport.sendMail({
        from: options.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: messageIdFor(mail.idempotencyKey, options.mailFrom),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({ lastError: message.slice(0, 1000), ...(finalAttempt ? { status: 'failed' as const } : {}) })
        .where(eq(mailOutbox.id, mailId));
      throw error;
    }
    // Its own statement, straight after the server accepted: the window described above.
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(eq(mailOutbox.id, mailId));
    return 'sent';
  }

  const bind = (client: pg.PoolClient) => drizzle(client, { schema, casing: 'snake_case' });
  const poolDb = drizzle(options.pool, { schema, casing: 'snake_case' });

  return {
    mode: transport ? ('smtp' as const) : ('outbox' as const),

    /** finalAttempt: the job has no retry left, so a failure marks the mail failed. */
    async deliver(mailId: number, { finalAttempt = false } = {}): Promise<DeliveryResult> {
      return withAdvisoryLock(
        options.pool,
        LOCK_CLASS,
        mailId,
        () => new MailBusyError(mailId),
        (client) => deliverLocked(bind(client), mailId, finalAttempt),
      );
    },

    /** Pending mails older than the given age: their hand-over to the queue may have been lost. */
    async pendingIds(olderThanSeconds: number, limit = 500): Promise<number[]> {
      const rows = await poolDb
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    close() {
      transport?.close();
    },
  };
}
export type MailDelivery = ReturnType<typeof createMailDelivery>;
