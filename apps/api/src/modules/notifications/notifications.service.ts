import type { Notification, NotificationSummary, OutboxMail } from '@portaal/contracts';
import { type NotificationChoices, wantsNotification } from '@portaal/contracts/contacts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ChatQueue } from '../../jobs/chat-queue.ts';
import type { MailQueue } from '../../jobs/mail-queue.ts';
import { notFound } from '../../lib/app-error.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { NotificationChoicesService } from '../contacts/notification-choices.ts';
import type { UsersService } from '../users/users.service.ts';
import { bothLanguages, renderApplicationChat, renderTicketChat } from './chat-templates.ts';
import { renderApplicationMail, renderTicketMail } from './mail-templates.ts';
import type {
  AdministrationEvent,
  AdministrationEventPublisher,
  ApplicationEventPublisher,
  ApplicationStateEvent,
  Executor,
  TicketEvent,
  TicketEventPublisher,
} from './notifications.events.ts';
import {
  createNotificationsRepo,
  type MailRow,
  type NewMail,
  type NewNotification,
  type NotificationRow,
} from './notifications.repo.ts';

export interface NotificationsDeps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'BRAND_NAME'>;
  users: Pick<UsersService, 'mailContacts' | 'technicalContacts' | 'membersWithRight'>;
  /** Without a queue (tests, tools) mails stay pending until a worker's sweep picks them up. */
  mailQueue?: MailQueue;
  /**
   * The users' notification choices (DESIGN.md §8). Without them (tools, older tests) everyone is
   * treated as no contact: e-mail about tickets and availability, nothing in chat.
   */
  choices?: Pick<NotificationChoicesService, 'forUsers' | 'anyChat'>;
  /** The customers' chat channels; without them nothing goes to chat. */
  chat?: Pick<ChatService, 'record'>;
  /** Where new chat messages go after commit (pg-boss); without it they wait for a worker's sweep. */
  chatQueue?: ChatQueue;
  log: Pick<FastifyBaseLogger, 'warn'>;
  cursors: Cursors;
}

/** The idempotency key of a mail: one per event and recipient, so a repeated event mails nobody twice. */
export const mailKey = (eventKey: string, userId: string) => `${eventKey}:${userId}`;

/** Notification and outbox lists page newest first by id. */
const idCursor = z.tuple([cursorValue.bigId]);

const toNotification = (row: NotificationRow): Notification => ({
  notification_id: row.id,
  kind: row.kind,
  customer_id: row.customerId,
  ticket_id: row.ticketId,
  params: row.params,
  created_at: new Date(row.createdAt).toISOString(),
  read_at: row.readAt === null ? null : new Date(row.readAt).toISOString(),
});

const toOutboxMail = (row: MailRow): OutboxMail => ({
  mail_id: row.id,
  recipient: row.recipient,
  language: row.language,
  subject: row.subject,
  text: row.text,
  status: row.status,
  attempts: row.attempts,
  created_at: new Date(row.createdAt).toISOString(),
  sent_at: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
});

function page<T extends { id: number }>(cursors: Cursors, list: string, rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursors.encode(list, [last.id]) : undefined };
}

export function createNotificationsService(deps: NotificationsDeps) {
  const repo = createNotificationsRepo(deps.db);

  const publisher: TicketEventPublisher = {
    async recordTicketEvent(tx: Executor, event: TicketEvent): Promise<number[]> {
      // The actor never hears about their own action, whatever the caller passed.
      const recipientIds = [...new Set(event.recipients)].filter((id) => id !== event.actor.userId);
      if (recipientIds.length === 0) return [];
      const contacts = await deps.users.mailContacts(recipientIds, tx);
      const choices: Map<string, NotificationChoices> = deps.choices
        ? await deps.choices.forUsers(
            event.customerId,
            contacts.map((contact) => contact.id),
            tx,
          )
        : new Map();
      const params = {
        ticket_subject: event.subject,
        actor_name: event.actor.name,
        ...(event.status ? { status: event.status } : {}),
      };
      const notificationRows: NewNotification[] = contacts.map((contact) => ({
        userId: contact.id,
        customerId: event.customerId,
        kind: event.kind,
        ticketId: event.ticketId,
        params,
        eventKey: event.eventKey,
      }));
      const mailRows: NewMail[] = contacts
        .filter((contact) => contact.email.includes('@'))
        .filter((contact) => wantsNotification(choices.get(contact.id), 'ticket_updates', 'email'))
        .map((contact) => ({
          idempotencyKey: mailKey(event.eventKey, contact.id),
          userId: contact.id,
          recipient: contact.email,
          language: contact.language,
          ...renderTicketMail(event, contact, {
            publicUrl: deps.config.publicUrl,
            brandName: deps.config.BRAND_NAME,
          }),
        }));
      await repo.insertNotifications(tx, notificationRows);
      // The customer's chat channels hear of what its people hear of, when one of them chose chat for
      // it; internal notes and assignments are the service desk's own and never leave for chat.
      const toChat =
        deps.chat &&
        !event.internal &&
        event.kind !== 'ticket_assigned' &&
        [...choices.values()].some((choice) => wantsNotification(choice, 'ticket_updates', 'chat'));
      if (toChat) {
        const options = { publicUrl: deps.config.publicUrl };
        await deps.chat?.record(
          tx,
          event.customerId,
          event.eventKey,
          bothLanguages((language) => renderTicketChat(event, language, options)),
        );
      }
      return repo.insertMails(tx, mailRows);
    },

    async dispatch(mailIds: readonly number[]): Promise<void> {
      if (mailIds.length > 0 && deps.mailQueue) {
        try {
          await deps.mailQueue.enqueue(mailIds);
        } catch (error) {
          // The rows are committed as pending: the periodic sweep enqueues them later.
          deps.log.warn({ err: error, mailIds }, 'could not enqueue mails; the sweep will pick them up');
        }
      }
      // Chat messages of the committed event (if any) get their jobs now; a pending-row query on a
      // partial index, nothing when there are none.
      if (deps.chatQueue) {
        try {
          await deps.chatQueue.kick();
        } catch (error) {
          deps.log.warn({ err: error }, 'could not enqueue chat messages; the sweep will pick them up');
        }
      }
    },
  };

  /** Application state changes for the customer's technical contacts (bell and e-mail). */
  async function recordApplicationEvent(tx: Executor, event: ApplicationStateEvent): Promise<number[]> {
    if (deps.chat && (await deps.choices?.anyChat(event.customerId, 'availability', tx))) {
      const options = { publicUrl: deps.config.publicUrl };
      await deps.chat.record(
        tx,
        event.customerId,
        event.eventKey,
        bothLanguages((language) => renderApplicationChat(event, language, options)),
      );
    }
    const contacts = await deps.users.technicalContacts(event.customerId, tx);
    if (contacts.length === 0) return [];
    const choices: Map<string, NotificationChoices> = deps.choices
      ? await deps.choices.forUsers(
          event.customerId,
          contacts.map((contact) => contact.id),
          tx,
        )
      : new Map();
    const params = { application_name: event.applicationName, state: event.to };
    await repo.insertNotifications(
      tx,
      contacts.map((contact) => ({
        userId: contact.id,
        customerId: event.customerId,
        kind: 'application_state' as const,
        ticketId: null,
        params,
        eventKey: event.eventKey,
      })),
    );
    return repo.insertMails(
      tx,
      contacts
        .filter((contact) => contact.email.includes('@'))
        .filter((contact) => wantsNotification(choices.get(contact.id), 'availability', 'email'))
        .map((contact) => ({
          idempotencyKey: mailKey(event.eventKey, contact.id),
          userId: contact.id,
          recipient: contact.email,
          language: contact.language,
          ...renderApplicationMail(event, contact, {
            publicUrl: deps.config.publicUrl,
            brandName: deps.config.BRAND_NAME,
          }),
        })),
    );
  }
  const applicationEvents: ApplicationEventPublisher = {
    recordApplicationEvent,
    dispatch: publisher.dispatch,
  };

  /** Overdue invoices and coming renewals for the readers of each (bell only, DESIGN.md §8). */
  const administrationEvents: AdministrationEventPublisher = {
    async recordAdministrationEvent(tx: Executor, event: AdministrationEvent): Promise<number> {
      const right = event.kind === 'invoice_overdue' ? 'invoice-read' : 'subscription-read';
      const readers = await deps.users.membersWithRight(event.customerId, right, tx);
      return repo.insertNotifications(
        tx,
        readers.map((reader) => ({
          userId: reader.id,
          customerId: event.customerId,
          kind: event.kind,
          ticketId: null,
          params: event.params,
          eventKey: event.eventKey,
        })),
      );
    },
  };

  return {
    ...publisher,
    applicationEvents,
    administrationEvents,

    /**
     * One mail another module wrote (an invitation), through the same outbox and mail job as every
     * other: recorded in the caller's transaction (or alone), handed to the queue with `dispatch`.
     */
    async recordMail(
      mail: Pick<
        NewMail,
        'idempotencyKey' | 'userId' | 'recipient' | 'language' | 'subject' | 'text' | 'html'
      >,
      tx: Executor = deps.db,
    ): Promise<number[]> {
      return repo.insertMails(tx, [mail]);
    },

    async list(userId: string, query: { unread?: boolean; limit: number; cursor?: string }) {
      const rows = await repo.list(userId, {
        unread: query.unread,
        limit: query.limit,
        before: query.cursor ? deps.cursors.decode('notifications', query.cursor, idCursor)[0] : undefined,
      });
      const { items, nextCursor } = page(deps.cursors, 'notifications', rows, query.limit);
      return { items: items.map(toNotification), nextCursor };
    },

    async summary(userId: string): Promise<NotificationSummary> {
      return { unread: await repo.unreadCount(userId) };
    },

    async readAll(userId: string): Promise<NotificationSummary> {
      await repo.markAllRead(userId);
      return { unread: await repo.unreadCount(userId) };
    },

    async setRead(userId: string, notificationId: number, read: boolean): Promise<Notification> {
      const row = await repo.setRead(userId, notificationId, read);
      if (!row) {
        throw notFound('NOTIFICATION_NOT_FOUND', `Notification ${notificationId} does not exist.`);
      }
      return toNotification(row);
    },

    async outbox(query: { limit: number; cursor?: string }) {
      const rows = await repo.outbox({
        limit: query.limit,
        before: query.cursor ? deps.cursors.decode('outbox', query.cursor, idCursor)[0] : undefined,
      });
      const { items, nextCursor } = page(deps.cursors, 'outbox', rows, query.limit);
      return { items: items.map(toOutboxMail), nextCursor };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
