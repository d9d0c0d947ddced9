import { customerParamsSchema } from '@portaal/contracts';
import {
  chatChannelInputSchema,
  chatChannelParamsSchema,
  chatChannelSchema,
  chatTestResultSchema,
} from '@portaal/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import type { ChatService } from './chat.service.ts';

/**
 * Owners manage their chat channels (company-edit: the owner, and staff moderators). Reading needs
 * the same right: the list names where the customer's notifications go, which is the owner's affair.
 */
const companyEdit = { rights: { customer: ['company-edit'] } } as const;
const tags = ['chat'];

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  const base = '/api/v2/customer/:customer_id/chat-channels';

  app.get(
    base,
    {
      config: { access: companyEdit },
      schema: {
        tags,
        operationId: 'listChatChannels',
        summary: "The customer's chat channels",
        description:
          'Each with the last message posted to it. Webhook addresses are secrets: only a hint of each is answered (`url_hint`).',
        params: customerParamsSchema,
        response: { 200: z.array(chatChannelSchema).describe('The channels, oldest first') },
      },
    },
    async (request) => chat.list(request.params.customer_id),
  );

  app.post(
    base,
    {
      config: { access: companyEdit },
      schema: {
        tags,
        operationId: 'createChatChannel',
        summary: 'Add a chat channel (a Slack-compatible or Microsoft Teams incoming webhook)',
        description:
          'The address must be https and its host must resolve to public addresses only: loopback, private and link-local targets are refused with a 400 on `url` (unless the server allows them: CHAT_WEBHOOK_TARGETS). At most 10 channels per customer (409 CHAT_CHANNEL_LIMIT).',
        params: customerParamsSchema,
        body: chatChannelInputSchema,
        response: { 201: chatChannelSchema.describe('The channel, added') },
      },
    },
    async (request, reply) => {
      const channel = await chat.create(actorOf(request), request.params.customer_id, request.body);
      return reply.code(201).send(channel);
    },
  );

  app.delete(
    `${base}/:channel_id`,
    {
      config: { access: companyEdit },
      schema: {
        tags,
        operationId: 'deleteChatChannel',
        summary: 'Remove a chat channel',
        description: 'Messages not yet posted to it are dropped with it.',
        params: chatChannelParamsSchema,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await chat.remove(actorOf(request), request.params.customer_id, request.params.channel_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:channel_id/test`,
    {
      config: { access: companyEdit },
      schema: {
        tags,
        operationId: 'testChatChannel',
        summary: 'Post a test message to the channel now',
        description:
          'One attempt, answered when the receiver has answered (at most 10 s): `delivered` with the receiver’s status, or why not.',
        params: chatChannelParamsSchema,
        response: { 200: chatTestResultSchema.describe('What the test message did') },
      },
    },
    async (request) => chat.test(request.params.customer_id, request.params.channel_id),
  );
};
