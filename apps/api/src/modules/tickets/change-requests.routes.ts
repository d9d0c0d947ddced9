import { changeRequestSchema, customerParamsSchema, ticketSchema } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { ticketPath } from './tickets.routes.ts';
import type { TicketsService } from './tickets.service.ts';

const tags = ['tickets'];
const created = { 201: ticketSchema.describe('The administrative ticket that was opened') };
const responseHeaders = { 201: ['Location'] } as const;

/**
 * SPEC.md §5 change requests, at DESIGN.md §4's addresses: each becomes an administrative ticket whose
 * description states whether something is changed or added. Their own rights apply instead of the
 * request types per role. The end-contract request lives with the contracts (contracts.routes.ts), which
 * checks the contract before it files its ticket here.
 */
export const changeRequestRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (
  app,
  { tickets },
) => {
  app.post(
    '/api/v2/customer/:customer_id/change-requests',
    {
      config: { access: { rights: { customer: ['billing-edit'] } } },
      schema: {
        tags,
        operationId: 'createChangeRequest',
        summary: 'Request to change or add an address or a bank account (creates an administrative ticket)',
        params: customerParamsSchema,
        body: changeRequestSchema,
        response: created,
        responseHeaders,
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const body = request.body;
      const ticket = await tickets.createChangeRequest(
        await callerOf(request),
        customerId,
        body.type === 'address' ? { kind: 'address', body } : { kind: 'bank-account', body },
      );
      return reply.code(201).header('Location', ticketPath(customerId, ticket.ticket_id)).send(ticket);
    },
  );
};
