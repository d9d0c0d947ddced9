import {
  addressChangeRequestSchema,
  bankAccountChangeRequestSchema,
  customerParamsSchema,
  endContractRequestSchema,
  ticketSchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authProblems } from '../../lib/responses.ts';
import { callerOf, ticketPath } from './tickets.routes.ts';
import type { TicketsService } from './tickets.service.ts';

const tags = ['tickets'];
const security = [{ bearer: [] }];
const created = { 201: ticketSchema, ...authProblems };

/**
 * SPEC.md §5 change requests: each becomes an administrative ticket whose description states whether
 * something is changed or added. Their own rights apply instead of the request types per role.
 */
export const changeRequestRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (
  app,
  { tickets },
) => {
  app.post(
    '/api/v2/customer/:customer_id/change-requests/address',
    {
      config: { access: { rights: { customer: ['billing-edit'] } } },
      schema: {
        tags,
        security,
        summary: 'Request to change or add an address (creates an administrative ticket)',
        params: customerParamsSchema,
        body: addressChangeRequestSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const ticket = await tickets.createChangeRequest(await callerOf(request), customerId, {
        kind: 'address',
        body: request.body,
      });
      return reply.code(201).header('Location', ticketPath(customerId, ticket.ticket_id)).send(ticket);
    },
  );

  app.post(
    '/api/v2/customer/:customer_id/change-requests/bank-account',
    {
      config: { access: { rights: { customer: ['billing-edit'] } } },
      schema: {
        tags,
        security,
        summary: 'Request to change or add a bank account (creates an administrative ticket)',
        params: customerParamsSchema,
        body: bankAccountChangeRequestSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const ticket = await tickets.createChangeRequest(await callerOf(request), customerId, {
        kind: 'bank-account',
        body: request.body,
      });
      return reply.code(201).header('Location', ticketPath(customerId, ticket.ticket_id)).send(ticket);
    },
  );

  app.post(
    '/api/v2/customer/:customer_id/change-requests/end-contract',
    {
      config: { access: { rights: { customer: ['subscription-edit'] } } },
      schema: {
        tags,
        security,
        summary: 'Request to end a contract (creates an administrative ticket)',
        params: customerParamsSchema,
        body: endContractRequestSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const ticket = await tickets.createChangeRequest(await callerOf(request), customerId, {
        kind: 'end-contract',
        body: request.body,
      });
      return reply.code(201).header('Location', ticketPath(customerId, ticket.ticket_id)).send(ticket);
    },
  );
};
