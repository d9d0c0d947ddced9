import {
  agreementChangeInputSchema,
  agreementChangeResultSchema,
  agreementChangeSchema,
  agreementChangesQuerySchema,
  agreementParamsSchema,
  agreementSchema,
  agreementUpdateSchema,
  problemSchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { setNextLink } from '../../lib/paging.ts';
import type { AgreementsService } from './agreements.service.ts';

/** Staff only (DESIGN.md §2): global rights, so no customer user ever reaches these routes. */
const agreementRead = { rights: { global: ['agreement-read'] } } as const;
const agreementEdit = { rights: { global: ['agreement-edit'] } } as const;
const tags = ['admin'];

/** Usage agreements per customer (DESIGN.md §4 Staff, §5 /admin/agreements/{customerId}). */
export const agreementRoutes: FastifyPluginAsyncZod<{ agreements: AgreementsService }> = async (
  app,
  { agreements },
) => {
  app.get(
    '/api/admin/v2/customer/:customer_id/agreement',
    {
      config: { access: agreementRead },
      schema: {
        tags,
        operationId: 'getAgreement',
        summary: "A customer's usage agreement (staff)",
        description:
          'The current total, unit and PO number, and the customer name. A customer without an agreement answers an empty one (total 0.00, updated_at null). Unknown customer: 404 CUSTOMER_NOT_FOUND.',
        params: agreementParamsSchema,
        response: { 200: agreementSchema.describe('The agreement') },
      },
    },
    async (request) => agreements.get(request.params.customer_id),
  );

  app.put(
    '/api/admin/v2/customer/:customer_id/agreement',
    {
      config: { access: agreementEdit },
      schema: {
        tags,
        operationId: 'updateAgreement',
        summary: "Change a usage agreement's PO number and unit (staff moderators)",
        description: 'An empty PO number clears it. The change is in the audit log.',
        params: agreementParamsSchema,
        body: agreementUpdateSchema,
        response: { 200: agreementSchema.describe('The agreement after the change') },
      },
    },
    async (request) => agreements.update(request.params.customer_id, request.body, actorOf(request)),
  );

  app.get(
    '/api/admin/v2/customer/:customer_id/agreement/changes',
    {
      config: { access: agreementRead },
      schema: {
        tags,
        operationId: 'listAgreementChanges',
        summary: "A usage agreement's changelog, newest first (staff)",
        description: 'Keyset paging: the next page is in the Link header (rel="next").',
        params: agreementParamsSchema,
        querystring: agreementChangesQuerySchema,
        response: { 200: z.array(agreementChangeSchema).describe('One page of changes') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { customer_id: customerId } = request.params;
      const { items, nextCursor } = await agreements.changes(customerId, request.query);
      setNextLink(request, reply, `/api/admin/v2/customer/${customerId}/agreement/changes`, nextCursor);
      return items;
    },
  );

  app.post(
    '/api/admin/v2/customer/:customer_id/agreement/changes',
    {
      config: { access: agreementEdit },
      schema: {
        tags,
        operationId: 'addAgreementChange',
        summary: 'Record a change of a usage agreement (staff moderators)',
        description:
          'Adds `amount` (negative: subtracts) to the total, or with `renewal` sets the total to it. Applied under a row lock, so concurrent changes add up. A total below 0 is refused with 422 AGREEMENT_TOTAL_NEGATIVE and nothing is stored. The change is in the audit log.',
        params: agreementParamsSchema,
        body: agreementChangeInputSchema,
        response: {
          201: agreementChangeResultSchema.describe('The agreement after the change, and the change'),
          422: problemSchema.describe('The total would go below 0 (or beyond the largest total)'),
        },
      },
    },
    async (request, reply) => {
      const result = await agreements.addChange(request.params.customer_id, request.body, actorOf(request));
      return reply.code(201).send(result);
    },
  );
};
