import { customerParamsSchema, dashboardSchema } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import type { DashboardRegistry } from './dashboard.registry.ts';

/** GET the dashboard: every registered panel the caller may read, in one answer. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardRegistry }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/api/v2/customer/:customer_id/dashboard',
    {
      // Any member may open the dashboard; each panel checks its own right.
      config: { access: { rights: { customer: ['company-read'] } } },
      schema: {
        tags: ['dashboard'],
        operationId: 'getDashboard',
        summary: "The customer's dashboard: the panels of the areas the caller may read",
        params: customerParamsSchema,
        response: { 200: dashboardSchema.describe('Panels with figures and short lists') },
      },
    },
    async (request) => ({
      panels: await dashboard.panels(await callerOf(request), request.params.customer_id),
    }),
  );
};
