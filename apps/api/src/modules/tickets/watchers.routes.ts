import { personSchema, ticketParamsSchema, ticketSchema, watcherParamsSchema } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../lib/caller.ts';
import type { WatchersService } from './watchers.service.ts';

/**
 * Those who may see and answer a ticket (ticket-edit in its customer, and the ticket visible to them)
 * manage its watchers; staff viewers, who only read, do not.
 */
const ticketEdit = { rights: { customer: ['ticket-edit'] } } as const;
const tags = ['tickets'];

export const watcherRoutes: FastifyPluginAsyncZod<{ watchers: WatchersService }> = async (
  app,
  { watchers },
) => {
  app.get(
    '/api/v2/customer/:customer_id/tickets/:ticket_id/watcher-candidates',
    {
      config: { access: ticketEdit },
      schema: {
        tags,
        operationId: 'listWatcherCandidates',
        summary: "Users of the ticket's customer who could watch it (not its author, not watching yet)",
        params: ticketParamsSchema,
        response: { 200: z.array(personSchema).describe('Users by name') },
      },
    },
    async (request) =>
      watchers.candidates(await callerOf(request), request.params.customer_id, request.params.ticket_id),
  );

  app.put(
    '/api/v2/customer/:customer_id/tickets/:ticket_id/watchers/:user_id',
    {
      config: { access: ticketEdit },
      schema: {
        tags,
        operationId: 'addTicketWatcher',
        summary:
          "Add a user of the ticket's customer as a watcher: they see the ticket and are notified of it",
        params: watcherParamsSchema,
        response: { 200: ticketSchema.describe('The ticket with its watchers') },
      },
    },
    async (request) => {
      const { customer_id: customerId, ticket_id: ticketId, user_id: userId } = request.params;
      return watchers.add(await callerOf(request), customerId, ticketId, userId, request.id);
    },
  );

  app.delete(
    '/api/v2/customer/:customer_id/tickets/:ticket_id/watchers/:user_id',
    {
      config: { access: ticketEdit },
      schema: {
        tags,
        operationId: 'removeTicketWatcher',
        summary: 'Remove a watcher (oneself too)',
        params: watcherParamsSchema,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      const { customer_id: customerId, ticket_id: ticketId, user_id: userId } = request.params;
      await watchers.remove(await callerOf(request), customerId, ticketId, userId, request.id);
      return reply.code(204).send(null);
    },
  );
};
