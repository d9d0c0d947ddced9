import {
  type MyNotificationChoices,
  type NotificationChoices,
  type NotificationEvent,
  notificationEvents,
} from '@portaal/contracts/contacts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Actor, changeSummary } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { customers } from '../customers/customers.table.ts';
import type { Executor } from '../notifications/notifications.events.ts';
import { memberships } from '../users/users.table.ts';
import { contacts } from './contacts.table.ts';

/** Events in their fixed order, so that the same choice always reads (and is stored) the same. */
const ordered = (list: readonly NotificationEvent[]) =>
  notificationEvents.filter((event) => list.includes(event));

/**
 * Notification choices (DESIGN.md §8): per contact, which events by e-mail and/or chat. A user sets
 * their own in each customer where they are a contact and a member (their profile); owners set
 * anyone's through the contact form. The notification centre reads them when it sends.
 */
export function createNotificationChoices({ db, audit }: { db: Database; audit: AuditLog }) {
  const mineQuery = (userId: string, customerId?: number) =>
    db
      .select({
        customer_id: contacts.customerId,
        display_name: customers.displayName,
        contact_id: contacts.id,
        notifications: contacts.notifications,
      })
      .from(contacts)
      .innerJoin(
        memberships,
        and(eq(memberships.userId, contacts.userId), eq(memberships.customerId, contacts.customerId)),
      )
      .innerJoin(customers, eq(customers.customerId, contacts.customerId))
      .where(
        and(
          eq(contacts.userId, userId),
          customerId === undefined ? undefined : eq(contacts.customerId, customerId),
        ),
      )
      .orderBy(asc(customers.displayName), asc(contacts.customerId));

  const toMine = (row: Awaited<ReturnType<typeof mineQuery>>[number]): MyNotificationChoices => ({
    customer_id: row.customer_id,
    display_name: row.display_name,
    contact_id: row.contact_id,
    email: ordered(row.notifications.email),
    chat: ordered(row.notifications.chat),
  });

  return {
    /** The choices of these users as contacts of the customer; users who are no contact there are absent. */
    async forUsers(
      customerId: number,
      userIds: readonly string[],
      executor: Executor = db,
    ): Promise<Map<string, NotificationChoices>> {
      if (userIds.length === 0) return new Map();
      const rows = await executor
        .select({ userId: contacts.userId, notifications: contacts.notifications })
        .from(contacts)
        .where(and(eq(contacts.customerId, customerId), inArray(contacts.userId, [...userIds])));
      return new Map(rows.flatMap((row) => (row.userId ? [[row.userId, row.notifications] as const] : [])));
    },

    /** Whether any contact of the customer chose this event by chat (customer-wide events: availability). */
    async anyChat(customerId: number, event: NotificationEvent, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.customerId, customerId), sql`${contacts.notifications} -> 'chat' ? ${event}`))
        .limit(1);
      return rows.length > 0;
    },

    async mine(userId: string): Promise<MyNotificationChoices[]> {
      return (await mineQuery(userId)).map(toMine);
    },

    /** The caller's own choices in one customer; written with its audit event. */
    async setMine(
      actor: Actor,
      customerId: number,
      input: NotificationChoices,
    ): Promise<MyNotificationChoices> {
      const choices = { email: ordered(input.email), chat: ordered(input.chat) };
      const [before] = await mineQuery(actor.id, customerId);
      if (!before) {
        throw notFound('CONTACT_NOT_FOUND', `You are no contact of customer ${customerId}.`);
      }
      await db.transaction(async (tx) => {
        await tx
          .update(contacts)
          .set({ notifications: choices, updatedAt: sql`now()` })
          .where(and(eq(contacts.id, before.contact_id), eq(contacts.customerId, customerId)));
        const listed = (list: readonly NotificationEvent[]) => ordered(list).join(', ') || '–';
        const summary = changeSummary(
          { email: listed(before.notifications.email), chat: listed(before.notifications.chat) },
          { email: listed(choices.email), chat: listed(choices.chat) },
        );
        await audit.record(
          {
            actorId: actor.id,
            actorName: actor.name,
            customerId,
            action: 'contact.notifications',
            object: `contacts/${before.contact_id}`,
            summary: summary || 'no change',
            requestId: actor.requestId,
          },
          tx,
        );
      });
      return { ...toMine(before), ...choices };
    },
  };
}
export type NotificationChoicesService = ReturnType<typeof createNotificationChoices>;
