import { customerParamsSchema, usageQuerySchema, usageSchema } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UsageService } from './usage.service.ts';

const usageRead = { rights: { customer: ['usage-read'] } } as const;

/** Usage of DESIGN.md §4 (usage-read). */
export const usageRoutes: FastifyPluginAsyncZod<{ usage: UsageService }> = async (app, { usage }) => {
  app.get(
    '/api/v2/customer/:customer_id/usage',
    {
      config: { access: usageRead },
      schema: {
        tags: ['usage'],
        operationId: 'getUsage',
        summary: "The customer's usage bundles of one month, grouped by type",
        description:
          'Groups follow the bundle types (hours, storage, traffic, observe); each group holds its entries sorted by `usage_type`. `period` defaults to the current month (UTC); a month without usage answers empty groups. `periods` lists the months that hold usage, newest first.',
        params: customerParamsSchema,
        querystring: usageQuerySchema,
        response: { 200: usageSchema.describe('The month, the months with usage and the groups') },
      },
    },
    async (request) => usage.usage(request.params.customer_id, request.query),
  );
};
