import {
  addressSchema,
  bankAccountSchema,
  cursorSchema,
  customerFeaturesSchema,
  customerListQuerySchema,
  customerLookupQuerySchema,
  customerParamsSchema,
  customerSchema,
  customerUpdateSchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authProblems } from '../../lib/responses.ts';
import type { CustomersService } from './customers.service.ts';

const companyRead = { rights: { customer: ['company-read'] } } as const;
const tags = ['customers'];
const security = [{ bearer: [] }];

/** The customer calls of SPEC.md §7. */
export const customerRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (
  app,
  { customers },
) => {
  app.get(
    '/api/v2/customer',
    {
      config: { access: 'login' },
      schema: {
        tags,
        security,
        summary: 'Customers the caller may read',
        querystring: customerListQuerySchema.extend({ cursor: cursorSchema }),
        response: { 200: z.array(customerSchema), ...authProblems },
      },
    },
    async (request, reply) => {
      const { items, total, nextCursor } = await customers.list(await request.rights(), request.query);
      reply.header('X-Total-Count', String(total));
      if (nextCursor) {
        const next = new URLSearchParams();
        for (const [key, value] of Object.entries(request.query)) {
          if (value !== undefined && key !== 'cursor') next.set(key, String(value));
        }
        next.set('cursor', nextCursor);
        reply.header('Link', `</api/v2/customer?${next.toString()}>; rel="next"`);
      }
      return items;
    },
  );

  app.get(
    '/api/v2/customer/:customer_id',
    {
      config: { access: companyRead },
      schema: {
        tags,
        security,
        summary: 'One customer',
        params: customerParamsSchema,
        response: { 200: customerSchema, ...authProblems },
      },
    },
    async (request) => customers.get(request.params.customer_id),
  );

  app.put(
    '/api/v2/customer/:customer_id',
    {
      config: { access: { rights: { customer: ['company-edit'] } } },
      schema: {
        tags,
        security,
        summary: 'Update the usage PO number',
        params: customerParamsSchema,
        body: customerUpdateSchema,
        response: { 200: customerSchema, ...authProblems },
      },
    },
    async (request) => customers.updatePoNumber(request.params.customer_id, request.body.usage_po_number),
  );

  app.get(
    '/api/v2/customer/:customer_id/addresses',
    {
      config: { access: companyRead },
      schema: {
        tags,
        security,
        summary: 'Addresses of a customer',
        params: customerParamsSchema,
        response: { 200: z.array(addressSchema), ...authProblems },
      },
    },
    async (request) => customers.addresses(request.params.customer_id),
  );

  app.get(
    '/api/v2/customer/:customer_id/bankaccounts',
    {
      config: { access: companyRead },
      schema: {
        tags,
        security,
        summary: 'Bank accounts of a customer',
        params: customerParamsSchema,
        response: { 200: z.array(bankAccountSchema), ...authProblems },
      },
    },
    async (request) => customers.bankAccounts(request.params.customer_id),
  );

  app.get(
    '/api/v2/customer/:customer_id/features',
    {
      config: { access: companyRead },
      schema: {
        tags,
        security,
        summary: 'Features of a customer',
        params: customerParamsSchema,
        response: { 200: customerFeaturesSchema, ...authProblems },
      },
    },
    async (request) => customers.features(request.params.customer_id),
  );

  app.get(
    '/api/admin/v2/customer/features',
    {
      config: { access: { rights: { global: ['company-read'] } } },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Features of all customers (staff)',
        response: { 200: z.array(customerFeaturesSchema), ...authProblems },
      },
    },
    async () => customers.allFeatures(),
  );

  app.get(
    '/api/admin/v2/customer',
    {
      config: { access: { rights: { global: ['company-read'] } } },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Find a customer by an external link (staff)',
        querystring: customerLookupQuerySchema,
        response: { 200: customerSchema, ...authProblems },
      },
    },
    async (request) => customers.findByLink(request.query.link_type, request.query.link_id),
  );
};
