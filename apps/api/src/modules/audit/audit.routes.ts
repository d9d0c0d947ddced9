import { customerParamsSchema } from '@portaal/contracts';
import { auditActorSchema, auditEventSchema, auditQuerySchema } from '@portaal/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setNextLink } from '../../lib/paging.ts';
import type { AuditReads } from './audit.reads.ts';

const tags = ['audit'];
const description =
  'Newest first; keyset paging with the next page in the Link header (rel="next"). Owners (user-admin) and staff only: others 403.';

/** The audit log of DESIGN.md §8: a customer's log for its owners and staff, everything for staff. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditReads }> = async (app, { audit }) => {
  app.get(
    '/api/v2/customer/:customer_id/audit-events',
    {
      // The route's gate is company-read; the reads add "owner or staff" (see the description).
      config: { access: { rights: { customer: ['company-read'] } } },
      schema: {
        tags,
        operationId: 'listAuditEvents',
        summary: "The customer's audit log",
        description: `${description} Filters: actor (id), action (or its first part), from/to (days, UTC).`,
        params: customerParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEventSchema).describe('One page of events') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const { items, nextCursor } = await audit.customerLog(
        await request.rights(),
        customerId,
        request.query,
      );
      setNextLink(request, reply, `/api/v2/customer/${customerId}/audit-events`, nextCursor);
      return items;
    },
  );

  app.get(
    '/api/v2/customer/:customer_id/audit-events/actors',
    {
      config: { access: { rights: { customer: ['company-read'] } } },
      schema: {
        tags,
        operationId: 'listAuditActors',
        summary: "Everyone who appears in the customer's audit log, for the person filter",
        description: 'Owners (user-admin) and staff only: others 403.',
        params: customerParamsSchema,
        response: { 200: z.array(auditActorSchema).describe('The people') },
      },
    },
    async (request) => audit.actors(await request.rights(), request.params.customer_id),
  );

  app.get(
    '/api/admin/v2/audit-events',
    {
      config: { access: { rights: { global: ['company-read'] } } },
      schema: {
        tags: ['admin'],
        operationId: 'listAllAuditEvents',
        summary: 'The whole audit log (staff)',
        description: 'Newest first; keyset paging with the next page in the Link header (rel="next").',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEventSchema).describe('One page of events') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await audit.allLog(request.query);
      setNextLink(request, reply, '/api/admin/v2/audit-events', nextCursor);
      return items;
    },
  );
};
