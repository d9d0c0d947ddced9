import {
  adminContractParamsSchema,
  contractListQuerySchema,
  contractParamsSchema,
  contractSchema,
  contractSummarySchema,
  contractUpsertSchema,
  customerParamsSchema,
  endContractRequestSchema,
  ticketSchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { type Caller, callerOf } from '../../lib/caller.ts';
import { setNextLink } from '../../lib/paging.ts';
import { ticketPath } from '../tickets/tickets.routes.ts';
import type { ContractsService } from './contracts.service.ts';

const subscriptionRead = { rights: { customer: ['subscription-read'] } } as const;
const tags = ['contracts'];

/** Contracts of DESIGN.md §4: list, detail, the end request, and the accounting system's staff upsert. */
export const contractRoutes: FastifyPluginAsyncZod<{ contracts: ContractsService<Caller> }> = async (
  app,
  { contracts },
) => {
  app.get(
    '/api/v2/customer/:customer_id/contracts',
    {
      config: { access: subscriptionRead },
      schema: {
        tags,
        operationId: 'listContracts',
        summary: "The customer's contracts, newest start first",
        description:
          'Ended and cancelled contracts only with show_ended=true. Keyset paging: the next page is in the Link header (rel="next").',
        params: customerParamsSchema,
        querystring: contractListQuerySchema,
        response: { 200: z.array(contractSummarySchema).describe('One page of contracts') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const { items, nextCursor } = await contracts.list(customerId, request.query);
      setNextLink(request, reply, `/api/v2/customer/${customerId}/contracts`, nextCursor);
      return items;
    },
  );

  app.get(
    '/api/v2/customer/:customer_id/contracts/:contract_id',
    {
      config: { access: subscriptionRead },
      schema: {
        tags,
        operationId: 'getContract',
        summary: 'One contract with its rules, billing, term and renewal',
        description: 'A contract of another customer is not found (404, CONTRACT_NOT_FOUND).',
        params: contractParamsSchema,
        response: { 200: contractSchema.describe('The contract') },
      },
    },
    async (request) => contracts.detail(request.params.customer_id, request.params.contract_id),
  );

  app.post(
    '/api/v2/customer/:customer_id/contracts/:contract_id/end-request',
    {
      config: { access: { rights: { customer: ['subscription-edit'] } } },
      schema: {
        tags,
        operationId: 'createEndContractRequest',
        summary: 'Request to end a contract (creates an administrative ticket)',
        description:
          "The contract must exist, be this customer's (404, CONTRACT_NOT_FOUND) and still be endable: active, future or suspended, with no end request yet (409, CONTRACT_END_NOT_ALLOWED).",
        params: contractParamsSchema,
        body: endContractRequestSchema,
        response: { 201: ticketSchema.describe('The administrative ticket that was opened') },
        responseHeaders: { 201: ['Location'] },
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const ticket = await contracts.requestEnd(
        await callerOf(request),
        customerId,
        request.params.contract_id,
        request.body,
      );
      return reply.code(201).header('Location', ticketPath(customerId, ticket.ticket_id)).send(ticket);
    },
  );

  app.put(
    '/api/admin/v2/contracts/:id',
    {
      config: { access: { rights: { global: ['subscription-edit'] } } },
      schema: {
        tags: ['admin'],
        operationId: 'upsertContract',
        summary: 'Create or replace a contract (the accounting system; provider moderators)',
        description:
          'Idempotent: the same body twice changes nothing (200). A changed body replaces the contract and its rules (200) and writes an audit event; a new id creates it (201). Monthly and one-off costs are computed from the rules.',
        params: adminContractParamsSchema,
        body: contractUpsertSchema,
        response: {
          200: contractSchema.describe('The contract, unchanged or updated'),
          201: contractSchema.describe('The contract, created'),
        },
      },
    },
    async (request, reply) => {
      const result = await contracts.upsert(request.params.id, request.body, actorOf(request));
      return reply.code(result.created ? 201 : 200).send(result.contract);
    },
  );
};
