import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Executor } from './notifications.events.ts';
import { mailOutbox, notifications } from './notifications.table.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = typeof mailOutbox.$inferInsert;

export interface NotificationFilter {
  unread?: boolean;
  limit: number;
  /** Keyset: rows with a smaller id than this one (the list is newest first). */
  before?: number;
}

/** Every notification query is scoped by the user it belongs to: nobody reads another's bell. */
export function createNotificationsRepo(db: Database) {
  const userId = sql.placeholder('userId');
  const prepared = {
    unread: db
      .select({ unread: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .prepare('notifications_unread_count'),
  };

  return {
    /** In the caller's transaction; a repeated event (same key and user) adds nothing. */
    async insertNotifications(tx: Executor, rows: NewNotification[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await tx
        .insert(notifications)
        .values(rows)
        .onConflictDoNothing({ target: [notifications.eventKey, notifications.userId] })
        .returning({ id: notifications.id });
      return inserted.length;
    },

    /** In the caller's transaction; returns only the ids of mails that are new. */
    async insertMails(tx: Executor, rows: NewMail[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const inserted = await tx
        .insert(mailOutbox)
        .values(rows)
        .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
        .returning({ id: mailOutbox.id });
      return inserted.map((row) => row.id);
    },

    async list(owner: string, filter: NotificationFilter): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, owner),
            filter.unread === true ? isNull(notifications.readAt) : undefined,
            filter.unread === false ? sql`${notifications.readAt} is not null` : undefined,
            filter.before === undefined ? undefined : lt(notifications.id, filter.before),
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(filter.limit + 1);
    },

    async unreadCount(owner: string): Promise<number> {
      const [row] = await prepared.unread.execute({ userId: owner });
      return row?.unread ?? 0;
    },

    async markAllRead(owner: string): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, owner), isNull(notifications.readAt)));
    },

    /** Marking read keeps the first read time; undefined when the id is not the owner's. */
    async setRead(owner: string, id: number, read: boolean): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
        .where(and(eq(notifications.id, id), eq(notifications.userId, owner)))
        .returning();
      return row;
    },

    async outbox(filter: { limit: number; before?: number }): Promise<MailRow[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(filter.before === undefined ? undefined : lt(mailOutbox.id, filter.before))
        .orderBy(desc(mailOutbox.id))
        .limit(filter.limit + 1);
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
