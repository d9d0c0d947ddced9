import type { ChatChannelKind, ChatDeliveryStatus } from '@portaal/contracts/chat';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';

/** A customer's incoming webhook (DESIGN.md §8 Chat channels). `url` is a secret: never answered in full. */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<ChatChannelKind>().notNull(),
    url: text('url').notNull(),
    language: text('language').$type<'en' | 'nl'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('chat_channels_customer_idx').on(table.customerId, table.id)],
);

/** A message as the portal writes it; each channel's kind shapes it into its own body when posted. */
export interface ChatMessage {
  title: string;
  text: string;
  /** The portal page the message is about. */
  link?: string;
  linkLabel?: string;
}

/**
 * Every message posted to a channel, one row per event and channel (idempotency_key), like the mail
 * outbox: a repeated event posts nothing twice, and the chat job delivers each row at most once as
 * far as HTTP allows. Without any channel nothing is written.
 */
export const chatOutbox = pgTable(
  'chat_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    message: jsonb('message').$type<ChatMessage>().notNull(),
    status: text('status').$type<ChatDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    index('chat_outbox_channel_idx').on(table.channelId, table.id.desc()),
    index('chat_outbox_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);
