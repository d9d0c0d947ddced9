import { administrationOverviewSchema, customerParamsSchema, hasRights } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContractsService } from '../contracts/contracts.service.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';

/** The administration overview (SPEC.md §2 /administration): what the caller may read of both. */
export const administrationRoutes: FastifyPluginAsyncZod<{
  invoices: Pick<InvoicesService, 'openTotals'>;
  contracts: Pick<ContractsService<unknown>, 'renewingSoon'>;
}> = async (app, { invoices, contracts }) => {
  app.get(
    '/api/v2/customer/:customer_id/administration',
    {
      config: { access: { rights: { customer: { anyOf: ['invoice-read', 'subscription-read'] } } } },
      schema: {
        tags: ['invoices', 'contracts'],
        operationId: 'getAdministrationOverview',
        summary: 'Invoices to pay and overdue with their sums, and contracts renewing in the next 90 days',
        description: 'Each part is null when the caller lacks its right (invoice-read, subscription-read).',
        params: customerParamsSchema,
        response: { 200: administrationOverviewSchema.describe('The overview') },
      },
    },
    async (request) => {
      const customerId = request.params.customer_id;
      const rights = await request.rights();
      const may = (right: 'invoice-read' | 'subscription-read') =>
        hasRights(rights, { customer: [right] }, customerId, () => {});
      const [open, renewals] = await Promise.all([
        may('invoice-read') ? invoices.openTotals(customerId) : undefined,
        may('subscription-read') ? contracts.renewingSoon(customerId) : undefined,
      ]);
      return {
        currency: 'EUR' as const,
        invoices: open ? { to_pay: open.to_pay, overdue: open.overdue } : null,
        renewals: renewals ?? null,
      };
    },
  );
};
