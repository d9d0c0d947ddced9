import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import * as schema from '../../db/schema.ts';
import { postWebhook, TargetRefusedError, type WebhookTargets } from '../../lib/webhook-target.ts';
import { chatChannels, chatOutbox } from './chat.table.ts';
import { chatBody } from './chat-payloads.ts';

export interface ChatDeliveryOptions {
  /** The pool the outbox rows live in; each delivery holds one connection for its lock. */
  pool: pg.Pool;
  targets: WebhookTargets;
  /** Bounds one POST, below the job's expiry. */
  timeoutMs: number;
  userAgent: string;
  /** A message claimed this often without success is given up. */
  maxAttempts?: number;
}

export interface ChatDeliveryResult {
  result: 'sent' | 'skipped' | 'failed' | 'retry';
  /** The receiver's HTTP status, when one answered. */
  status: number | null;
  error: string | null;
}

/** Thrown when another worker holds the message right now; the job is retried and finds it done. */
export class ChatBusyError extends Error {
  constructor(id: number) {
    super(`chat message ${id} is being delivered by another worker`);
    this.name = 'ChatBusyError';
  }
}

/** Thrown for a failure worth another try (no answer, 5xx, 408, 425, 429): the job retries with backoff. */
export class ChatRetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatRetryError';
  }
}

// Advisory lock class for chat messages ('chat' in ASCII), apart from the mail outbox's locks.
const LOCK_CLASS = 0x63686174;

/** Answers a retry may change; every other 4xx (a removed webhook's 404, a 400) stays as it is. */
const TRANSIENT = new Set([408, 425, 429]);

/**
 * Posts chat outbox messages, at most once per row as far as HTTP allows, the way mail-delivery.ts
 * sends mail: a session advisory lock per message (no two workers post it at once), a claim that
 * only takes a `pending` row, the POST, then `sent` in one statement. A receiver that took the
 * message but whose answer was lost gets it again on the retry: webhooks have no message id.
 */
export function createChatDelivery(options: ChatDeliveryOptions) {
  const maxAttempts = options.maxAttempts ?? 10;
  const bind = (client: pg.PoolClient) => drizzle(client, { schema, casing: 'snake_case' });
  const poolDb = drizzle(options.pool, { schema, casing: 'snake_case' });

  async function deliverLocked(
    db: ReturnType<typeof bind>,
    id: number,
    finalAttempt: boolean,
  ): Promise<ChatDeliveryResult> {
    const [claimed] = await db
      .update(chatOutbox)
      .set({ attempts: sql`${chatOutbox.attempts} + 1` })
      .where(and(eq(chatOutbox.id, id), eq(chatOutbox.status, 'pending')))
      .returning();
    if (!claimed) return { result: 'skipped', status: null, error: null };
    const fail = async (error: string, status: number | null): Promise<ChatDeliveryResult> => {
      await db
        .update(chatOutbox)
        .set({ status: 'failed', lastError: error.slice(0, 1000) })
        .where(eq(chatOutbox.id, id));
      return { result: 'failed', status, error };
    };
    if (claimed.attempts > maxAttempts) return fail('given up after too many attempts', null);
    const [channel] = await db.select().from(chatChannels).where(eq(chatChannels.id, claimed.channelId));
    if (!channel) return fail('the channel was removed', null);

    let status: number | null = null;
    let error: string;
    try {
      const answer = await postWebhook(channel.url, chatBody(channel.kind, claimed.message), {
        targets: options.targets,
        timeoutMs: options.timeoutMs,
        userAgent: options.userAgent,
      });
      status = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        // Its own statement, straight after the receiver accepted (see above).
        await db
          .update(chatOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
          .where(eq(chatOutbox.id, id));
        return { result: 'sent', status, error: null };
      }
      error = `HTTP ${answer.status}${answer.body ? `: ${answer.body.replace(/\s+/g, ' ').trim()}` : ''}`;
      if (answer.status < 500 && !TRANSIENT.has(answer.status)) return fail(error, status);
    } catch (thrown) {
      // The address rules refuse the target (its name now points somewhere private): no retry helps.
      if (thrown instanceof TargetRefusedError) return fail(`refused: the address ${thrown.reason}`, null);
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    if (finalAttempt) return fail(error, status);
    await db
      .update(chatOutbox)
      .set({ lastError: error.slice(0, 1000) })
      .where(eq(chatOutbox.id, id));
    return { result: 'retry', status, error };
  }

  return {
    /**
     * One attempt. `retry` means the failure may pass (the job throws and pg-boss tries again later);
     * finalAttempt: no retry is left, so a failure marks the message failed.
     */
    async deliver(id: number, { finalAttempt = false } = {}): Promise<ChatDeliveryResult> {
      return withAdvisoryLock(
        options.pool,
        LOCK_CLASS,
        id,
        () => new ChatBusyError(id),
        (client) => deliverLocked(bind(client), id, finalAttempt),
      );
    },

    /** Pending messages older than the given age (0: all), oldest first. */
    async pendingIds(olderThanSeconds: number, limit = 500): Promise<number[]> {
      const rows = await poolDb
        .select({ id: chatOutbox.id })
        .from(chatOutbox)
        .where(
          and(
            eq(chatOutbox.status, 'pending'),
            olderThanSeconds > 0
              ? lt(chatOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`)
              : undefined,
          ),
        )
        .orderBy(asc(chatOutbox.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
export type ChatDelivery = ReturnType<typeof createChatDelivery>;
