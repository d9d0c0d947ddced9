import {
  addressSchema,
  bankAccountSchema,
  cursorSchema,
  customerFeaturesSchema,
  customerIdCheckQuerySchema,
  customerIdCheckSchema,
  customerListQuerySchema,
  customerLookupQuerySchema,
  customerParamsSchema,
  customerSchema,
  customerUpdateSchema,
  problemSchema,
} from '@portaal/contracts';
import { customerCreateSchema } from '@portaal/contracts/customer-create';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import type { CustomersService } from './customers.service.ts';

const companyRead = { rights: { customer: ['company-read'] } } as const;
/** Provider moderators only (DESIGN.md §2). */
const customerCreate = { rights: { global: ['customer-create'] } } as const;
const tags = ['customers'];

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
        operationId: 'listCustomers',
        summary: 'Customers the caller may read',
        description:
          'Provider staff read every customer. `search` matches the name, the CoC number, the customer id and the identifier of any link (such as the accounting id). Keyset paging: the next page is in the Link header (rel="next").',
        querystring: customerListQuerySchema.extend({ cursor: cursorSchema }),
        response: { 200: z.array(customerSchema).describe('One page of customers') },
        responseHeaders: { 200: ['Link', 'X-Total-Count'] },
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
        operationId: 'getCustomer',
        summary: 'One customer',
        params: customerParamsSchema,
        response: { 200: customerSchema.describe('The customer') },
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
        operationId: 'updateCustomer',
        summary: 'Update the usage PO number',
        params: customerParamsSchema,
        body: customerUpdateSchema,
        response: { 200: customerSchema.describe('The customer as saved') },
      },
    },
    async (request) =>
      customers.updatePoNumber(request.params.customer_id, request.body.usage_po_number, actorOf(request)),
  );

  app.get(
    '/api/v2/customer/:customer_id/addresses',
    {
      config: { access: companyRead },
      schema: {
        tags,
        operationId: 'listCustomerAddresses',
        summary: 'Addresses of a customer',
        params: customerParamsSchema,
        response: { 200: z.array(addressSchema).describe('The addresses') },
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
        operationId: 'listCustomerBankAccounts',
        summary: 'Bank accounts of a customer',
        params: customerParamsSchema,
        response: { 200: z.array(bankAccountSchema).describe('The bank accounts') },
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
        operationId: 'getCustomerFeatures',
        summary: 'Features of a customer',
        params: customerParamsSchema,
        response: { 200: customerFeaturesSchema.describe('The features of the customer') },
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
        operationId: 'listAllCustomerFeatures',
        summary: 'Features of all customers (staff)',
        response: { 200: z.array(customerFeaturesSchema).describe('The features of every customer') },
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
        operationId: 'findCustomerByLink',
        summary: 'Find a customer by an external link (staff)',
        querystring: customerLookupQuerySchema,
        response: { 200: customerSchema.describe('The customer with that link') },
      },
    },
    async (request) => customers.findByLink(request.query.link_type, request.query.link_id),
  );

  app.post(
    '/api/admin/v2/customer',
    {
      config: { access: customerCreate },
      schema: {
        tags: ['admin'],
        operationId: 'createCustomer',
        summary: 'Create a customer (provider moderators)',
        description:
          'Without `customer_id` the next free id is used. A taken id answers 409 CUSTOMER_ID_TAKEN, a link that another customer holds 409 CUSTOMER_LINK_TAKEN; `params` names the holder (holder_id, holder_name). The creation is in the audit log.',
        body: customerCreateSchema,
        response: {
          201: customerSchema.describe('The customer, created'),
          409: problemSchema.describe('The id or a link belongs to another customer'),
        },
      },
    },
    async (request, reply) => {
      const customer = await customers.create(request.body, actorOf(request));
      return reply.code(201).send(customer);
    },
  );

  app.get(
    '/api/admin/v2/customer/id-check',
    {
      config: { access: customerCreate },
      schema: {
        tags: ['admin'],
        operationId: 'checkCustomerId',
        summary: 'The id a new customer gets, and who holds a given id (provider moderators)',
        querystring: customerIdCheckQuerySchema,
        response: {
          200: customerIdCheckSchema.describe('The next free id and the holder of the id asked about'),
        },
      },
    },
    async (request) => customers.idCheck(request.query.customer_id),
  );
};
