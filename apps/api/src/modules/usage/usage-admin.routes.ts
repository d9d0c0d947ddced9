import { adminUsageQuerySchema, adminUsageRowSchema } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setNextLink } from '../../lib/paging.ts';
import type { UsageAdminService } from './usage-admin.service.ts';

/** Staff only: a global right, so no customer user ever reaches this route. */
const staffUsageRead = { rights: { global: ['usage-read'] } } as const;

/** Usage of all customers (DESIGN.md §4 Staff, §5 /admin/usage). */
export const usageAdminRoutes: FastifyPluginAsyncZod<{ usageAdmin: UsageAdminService }> = async (
  app,
  { usageAdmin },
) => {
  app.get(
    '/api/admin/v2/usage',
    {
      config: { access: staffUsageRead },
      schema: {
        tags: ['usage'],
        operationId: 'listAllUsage',
        summary: "Every customer's usage bundles of one month, those over quota or near their limit first",
        description:
          'One row per customer and bundle. Order: over quota first, then the used percentage from high to low, then the customer name. `used_percent` and `status` follow SPEC.md §4 (status error above 90 %, warning above 40 %, otherwise success). `month` defaults to the current month (UTC); `q` matches part of the customer name or the customer id. Keyset paging: the next page is in the Link header (rel="next").',
        querystring: adminUsageQuerySchema,
        response: { 200: z.array(adminUsageRowSchema).describe('One page of bundles') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await usageAdmin.list(request.query);
      setNextLink(request, reply, '/api/admin/v2/usage', nextCursor);
      return items;
    },
  );
};
