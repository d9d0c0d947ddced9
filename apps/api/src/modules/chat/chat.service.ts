import { randomUUID } from 'node:crypto';
import {
  type ChatChannel,
  type ChatChannelData,
  type ChatTestResult,
  MAX_CHAT_CHANNELS,
  webhookUrlHint,
} from '@portaal/contracts/chat';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { checkWebhookUrl, TargetRefusedError, type WebhookTargets } from '../../lib/webhook-target.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { Executor } from '../notifications/notifications.events.ts';
import type { ChannelRow, ChatRepo } from './chat.repo.ts';
import type { ChatMessage } from './chat.table.ts';
import type { ChatDelivery } from './chat-delivery.ts';

export interface ChatDeps {
  repo: ChatRepo;
  audit: AuditLog;
  /** Posts the test message at once (the same delivery the chat job uses). */
  delivery: Pick<ChatDelivery, 'deliver'>;
  targets: WebhookTargets;
  brandName: string;
}

const channelNotFound = (id: number) =>
  notFound('CHAT_CHANNEL_NOT_FOUND', `Chat channel ${id} does not exist or you cannot see it.`);

const iso = (value: string | Date) => new Date(value).toISOString();

export function toChatChannel(row: ChannelRow): ChatChannel {
  return {
    channel_id: row.id,
    customer_id: row.customerId,
    name: row.name,
    kind: row.kind,
    language: row.language,
    url_hint: webhookUrlHint(row.url),
    created_at: iso(row.createdAt),
    last_delivery:
      row.lastStatus && row.lastAt
        ? { status: row.lastStatus, at: iso(row.lastAt), error: row.lastError }
        : null,
  };
}

const testTexts = {
  en: (brand: string) => ({
    title: `Test message from ${brand}`,
    text: `This channel is set up: ${brand} posts the notifications its users chose for chat here.`,
  }),
  nl: (brand: string) => ({
    title: `Testbericht van ${brand}`,
    text: `Dit kanaal is ingesteld: ${brand} plaatst hier de meldingen die gebruikers voor chat kozen.`,
  }),
} as const;

/**
 * Chat channels of DESIGN.md §8: the owner's list, add (the address rules checked against the host's
 * DNS answer), remove and test; and, for the notification centre, a message to every channel of a
 * customer in the caller's transaction. Writes commit with their audit event.
 */
export function createChatService({ repo, audit, delivery, targets, brandName }: ChatDeps) {
  return {
    async list(customerId: number): Promise<ChatChannel[]> {
      return (await repo.list(customerId)).map(toChatChannel);
    },

    async create(actor: Actor, customerId: number, data: ChatChannelData): Promise<ChatChannel> {
      try {
        await checkWebhookUrl(data.url, targets);
      } catch (error) {
        if (!(error instanceof TargetRefusedError)) throw error;
        throw new AppError('VALIDATION_FAILED', 400, 'The webhook address is not allowed.', [
          { field: 'url', message: error.reason },
        ]);
      }
      const id = await repo.db.transaction(async (tx) => {
        await repo.lockCustomer(tx, customerId);
        if ((await repo.count(tx, customerId)) >= MAX_CHAT_CHANNELS) {
          throw new AppError(
            'CHAT_CHANNEL_LIMIT',
            409,
            `A customer has at most ${MAX_CHAT_CHANNELS} chat channels.`,
            undefined,
            { max: MAX_CHAT_CHANNELS },
          );
        }
        const created = await repo.insert(tx, customerId, data);
        await audit.record(
          {
            actorId: actor.id,
            actorName: actor.name,
            customerId,
            action: 'chat_channel.create',
            object: `chat-channels/${created}`,
            summary: `added ${data.kind} channel “${data.name}” (${new URL(data.url).host})`,
            requestId: actor.requestId,
          },
          tx,
        );
        return created;
      });
      const row = await repo.get(customerId, id);
      if (!row) throw channelNotFound(id);
      return toChatChannel(row);
    },

    async remove(actor: Actor, customerId: number, id: number): Promise<void> {
      await repo.db.transaction(async (tx) => {
        const removed = await repo.remove(tx, customerId, id);
        if (!removed) throw channelNotFound(id);
        await audit.record(
          {
            actorId: actor.id,
            actorName: actor.name,
            customerId,
            action: 'chat_channel.delete',
            object: `chat-channels/${id}`,
            summary: `removed ${removed.kind} channel “${removed.name}”`,
            requestId: actor.requestId,
          },
          tx,
        );
      });
    },

    /** Posts a test message now, once (no retry: the owner is waiting), and says what happened. */
    async test(customerId: number, id: number): Promise<ChatTestResult> {
      const channel = await repo.get(customerId, id);
      if (!channel) throw channelNotFound(id);
      const message: ChatMessage = testTexts[channel.language](brandName);
      const messageId = await repo.insertMessage(channel, `chat-test:${randomUUID()}`, message);
      const outcome = await delivery.deliver(messageId, { finalAttempt: true });
      return {
        delivered: outcome.result === 'sent',
        status: outcome.status,
        error: outcome.result === 'sent' ? null : (outcome.error ?? 'not posted'),
      };
    },

    /**
     * For the notification centre, in its transaction: the message to every channel of the customer,
     * each in its channel's language. Returns the new outbox ids (none without channels).
     */
    async record(
      tx: Executor,
      customerId: number,
      eventKey: string,
      messages: Record<'en' | 'nl', ChatMessage>,
    ): Promise<number[]> {
      return repo.insertForCustomer(tx, customerId, eventKey, messages);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
