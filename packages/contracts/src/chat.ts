import { z } from 'zod';
import { customerParamsSchema, isoDateTimeSchema } from './common.ts';
import { languageSchema } from './customers.ts';
import { text } from './text.ts';

/**
 * Chat channels of DESIGN.md §8: a customer's incoming webhooks, Slack-compatible (`text` plus
 * blocks) or Microsoft Teams (Workflows, an Adaptive Card). Its own entry point
 * (`@portaal/contracts/chat`): only the channels screen and the API need it.
 */
export const chatChannelKinds = ['slack', 'teams'] as const;
export const chatChannelKindSchema = z.enum(chatChannelKinds);
export type ChatChannelKind = z.infer<typeof chatChannelKindSchema>;

/** At most this many channels per customer: each event is posted to every one of them. */
export const MAX_CHAT_CHANNELS = 10;

export const WEBHOOK_URL_MESSAGE = 'must be an https:// address';

/**
 * The syntax of a webhook address; whether its host may be reached (public addresses only, DESIGN.md
 * §8) is the API's check, because it needs the host's DNS answer and the server's configuration.
 */
export const webhookUrlSchema = text()
  .min(1, 'is required')
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  }, WEBHOOK_URL_MESSAGE)
  .refine((value) => !URL.canParse(value) || new URL(value).username === '', 'must not hold a user name')
  .refine((value) => !URL.canParse(value) || new URL(value).password === '', 'must not hold a password');

/** The body of POST chat-channels. */
export const chatChannelInputSchema = z
  .object({
    name: text().min(1, 'is required').max(80, 'must be at most 80 characters'),
    kind: chatChannelKindSchema,
    url: webhookUrlSchema,
    /** The language the channel's messages are written in. */
    language: languageSchema,
  })
  .strict();
export type ChatChannelInput = z.input<typeof chatChannelInputSchema>;
export type ChatChannelData = z.output<typeof chatChannelInputSchema>;

export const chatDeliveryStatuses = ['pending', 'sent', 'failed'] as const;
export const chatDeliveryStatusSchema = z.enum(chatDeliveryStatuses);
export type ChatDeliveryStatus = z.infer<typeof chatDeliveryStatusSchema>;

export const chatChannelSchema = z
  .object({
    channel_id: z.number().int(),
    customer_id: z.number().int(),
    name: z.string(),
    kind: chatChannelKindSchema,
    language: languageSchema,
    /**
     * The address with its path hidden (`https://hooks.slack.com/…/x7Kq`): a webhook address is a
     * secret (whoever has it may post), so it is shown in full only to the one who types it.
     */
    url_hint: z.string(),
    created_at: isoDateTimeSchema,
    /** The last message posted to the channel (a test or a notification), or null when none yet. */
    last_delivery: z
      .object({
        status: chatDeliveryStatusSchema,
        at: isoDateTimeSchema,
        /** Why the last attempt failed (the receiver's status or the network error). */
        error: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'ChatChannel' });
export type ChatChannel = z.infer<typeof chatChannelSchema>;

export const chatChannelParamsSchema = customerParamsSchema.extend({
  channel_id: z.coerce
    .number({ error: 'must be a channel id' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(2_147_483_647, 'is too large'),
});

/** What a test message did: posted (the receiver answered 2xx) or not, and why not. */
export const chatTestResultSchema = z
  .object({
    delivered: z.boolean(),
    /** The receiver's HTTP status, or null when none answered (refused address, network, time-out). */
    status: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ChatTestResult' });
export type ChatTestResult = z.infer<typeof chatTestResultSchema>;

/** `https://hooks.slack.com/services/T0/B0/abcd1234` → `https://hooks.slack.com/…/1234`. */
export function webhookUrlHint(value: string): string {
  if (!URL.canParse(value)) return '…';
  const url = new URL(value);
  const tail = url.pathname.replace(/\/+$/, '').slice(-4);
  return `${url.protocol}//${url.host}${tail ? `/…/${tail}` : '/'}`;
}
