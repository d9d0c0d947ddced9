import type { ChatChannelData } from '@portaal/contracts/chat';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../audit/audit.service.ts';
import type { Executor } from '../notifications/notifications.events.ts';
import { type ChatMessage, chatChannels, chatOutbox } from './chat.table.ts';

export type ChannelRow = {
  id: number;
  customerId: number;
  name: string;
  kind: 'slack' | 'teams';
  url: string;
  language: 'en' | 'nl';
  createdAt: string;
  lastStatus: 'pending' | 'sent' | 'failed' | null;
  lastAt: string | null;
  lastError: string | null;
};

/** Every query is scoped by the customer: a channel of another customer is not found. */
export function createChatRepo(db: Database) {
  // The last message of each channel, by the (channel_id, id desc) index: one row per channel.
  const withLast = (customerId: number, channelId?: number) => sql<ChannelRow>`
    select c.id, c.customer_id as "customerId", c.name, c.kind, c.url, c.language,
           c.created_at as "createdAt", last.status as "lastStatus",
           coalesce(last.sent_at, last.created_at) as "lastAt", last.last_error as "lastError"
      from ${chatChannels} c
      left join lateral (
        select o.status, o.sent_at, o.created_at, o.last_error
          from ${chatOutbox} o where o.channel_id = c.id order by o.id desc limit 1
      ) last on true
     where c.customer_id = ${customerId} ${channelId === undefined ? sql`` : sql`and c.id = ${channelId}`}
     order by c.id`;

  return {
    db,
    async list(customerId: number): Promise<ChannelRow[]> {
      return (await db.execute<ChannelRow>(withLast(customerId))).rows;
    },
    async get(customerId: number, id: number): Promise<ChannelRow | undefined> {
      return (await db.execute<ChannelRow>(withLast(customerId, id))).rows[0];
    },
    async count(tx: Transaction, customerId: number): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(chatChannels)
        .where(eq(chatChannels.customerId, customerId));
      return row?.n ?? 0;
    },
    /** Serialises channel writes of one customer, so two adds at once cannot pass the limit together. */
    async lockCustomer(tx: Transaction, customerId: number) {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x63686174}, ${customerId})`);
    },
    async insert(tx: Transaction, customerId: number, data: ChatChannelData): Promise<number> {
      const [row] = await tx
        .insert(chatChannels)
        .values({ customerId, name: data.name, kind: data.kind, url: data.url, language: data.language })
        .returning({ id: chatChannels.id });
      if (!row) throw new Error('channel not inserted');
      return row.id;
    },
    async remove(tx: Transaction, customerId: number, id: number) {
      const [row] = await tx
        .delete(chatChannels)
        .where(and(eq(chatChannels.customerId, customerId), eq(chatChannels.id, id)))
        .returning();
      return row;
    },
    /** One outbox row for one channel (the test message); returns its id. */
    async insertMessage(channel: { id: number; customerId: number }, key: string, message: ChatMessage) {
      const [row] = await db
        .insert(chatOutbox)
        .values({ idempotencyKey: key, channelId: channel.id, customerId: channel.customerId, message })
        .returning({ id: chatOutbox.id });
      if (!row) throw new Error('chat message not inserted');
      return row.id;
    },
    /**
     * In the caller's transaction: one row per channel of the customer, in each channel's language,
     * keyed by event and channel; a repeated event adds nothing. Returns the new rows' ids.
     */
    async insertForCustomer(
      tx: Executor,
      customerId: number,
      eventKey: string,
      messages: Record<'en' | 'nl', ChatMessage>,
    ): Promise<number[]> {
      const result = await tx.execute<{ id: number }>(sql`
        insert into ${chatOutbox} (idempotency_key, channel_id, customer_id, message)
        select ${eventKey} || ':channel:' || c.id, c.id, c.customer_id,
               case c.language when 'nl' then ${JSON.stringify(messages.nl)}::jsonb
                               else ${JSON.stringify(messages.en)}::jsonb end
          from ${chatChannels} c
         where c.customer_id = ${customerId}
        on conflict (idempotency_key) do nothing
        returning id`);
      return result.rows.map((row) => Number(row.id));
    },
    /** The messages of a channel, newest first (tests and support). */
    async messages(channelId: number) {
      return db
        .select()
        .from(chatOutbox)
        .where(eq(chatOutbox.channelId, channelId))
        .orderBy(asc(chatOutbox.id));
    },
  };
}
export type ChatRepo = ReturnType<typeof createChatRepo>;
