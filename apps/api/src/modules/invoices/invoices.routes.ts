import {
  adminInvoiceParamsSchema,
  customerParamsSchema,
  invoiceListQuerySchema,
  invoiceParamsSchema,
  invoiceSchema,
  invoiceSummarySchema,
  invoiceUpsertSchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { setNextLink } from '../../lib/paging.ts';
import { contentDisposition, problems } from '../../lib/responses.ts';
import type { InvoicesService } from './invoices.service.ts';

const invoiceRead = { rights: { customer: ['invoice-read'] } } as const;
const tags = ['invoices'];

/** Invoices of DESIGN.md §4 for customers, and the accounting system's staff upsert. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.get(
    '/api/v2/customer/:customer_id/invoices',
    {
      config: { access: invoiceRead },
      schema: {
        tags,
        operationId: 'listInvoices',
        summary: "The customer's invoices, newest invoice date first",
        description:
          'Keyset paging: the next page is in the Link header (rel="next"). `q` is an invoice number (part, at least 3 characters), a date or a date range ("01-10-2026 - 31-10-2026"); `from`/`to` bound the invoice date; `status` filters on to_pay, overdue, paid, written_off.',
        params: customerParamsSchema,
        querystring: invoiceListQuerySchema,
        response: { 200: z.array(invoiceSummarySchema).describe('One page of invoices') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const { items, nextCursor } = await invoices.list(customerId, request.query);
      setNextLink(request, reply, `/api/v2/customer/${customerId}/invoices`, nextCursor);
      return items;
    },
  );

  app.get(
    '/api/v2/customer/:customer_id/invoices/:invoice_id',
    {
      config: { access: invoiceRead },
      schema: {
        tags,
        operationId: 'getInvoice',
        summary: 'One invoice by its number, with its lines and VAT per rate',
        description: 'An invoice of another customer is not found (404, INVOICE_NOT_FOUND).',
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema.describe('The invoice') },
      },
    },
    async (request) => invoices.detail(request.params.customer_id, request.params.invoice_id),
  );

  app.get(
    '/api/v2/customer/:customer_id/invoices/:invoice_id/pdf',
    {
      config: { access: invoiceRead },
      schema: {
        tags,
        operationId: 'downloadInvoicePdf',
        summary: "The invoice as PDF, in the customer's language",
        params: invoiceParamsSchema,
        response: {
          200: {
            description: 'The invoice (PDF)',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
        responseHeaders: { 200: ['Content-Disposition'] },
      },
    },
    async (request, reply) => {
      const file = await invoices.pdf(request.params.customer_id, request.params.invoice_id);
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', contentDisposition(file.fileName))
          .header('Cache-Control', 'private, no-store')
          // The schema documents the bytes as a binary string; Fastify sends a Buffer as it is.
          .send(file.bytes as unknown as string)
      );
    },
  );

  app.get(
    '/api/v2/customer/:customer_id/invoices/:invoice_id/ubl',
    {
      config: { access: invoiceRead },
      schema: {
        tags,
        operationId: 'downloadInvoiceUbl',
        summary: 'The invoice as a Peppol BIS Billing 3.0 e-invoice (UBL 2.1, EN 16931)',
        description:
          'The provider is the seller, the customer the buyer; each is addressed by its Chamber of Commerce number (0106) or VAT number. 409 INVOICE_UBL_UNAVAILABLE when a party lacks an address or a Peppol identifier.',
        params: invoiceParamsSchema,
        response: {
          200: {
            description: 'The invoice (UBL 2.1 XML)',
            content: { 'application/xml': { schema: z.string() } },
          },
          ...problems(409),
        },
        responseHeaders: { 200: ['Content-Disposition'] },
      },
    },
    async (request, reply) => {
      const file = await invoices.ubl(request.params.customer_id, request.params.invoice_id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(file.xml);
    },
  );

  app.put(
    '/api/admin/v2/invoices/:number',
    {
      config: { access: { rights: { global: ['billing-edit'] } } },
      schema: {
        tags: ['admin'],
        operationId: 'upsertInvoice',
        summary: 'Create or replace an invoice (the accounting system; provider moderators)',
        description:
          'Idempotent: the same body twice changes nothing (200). A changed body replaces the invoice and its lines (200) and writes an audit event; a new number creates it (201). Totals and VAT are computed from the lines.',
        params: adminInvoiceParamsSchema,
        body: invoiceUpsertSchema,
        response: {
          200: invoiceSchema.describe('The invoice, unchanged or updated'),
          201: invoiceSchema.describe('The invoice, created'),
        },
      },
    },
    async (request, reply) => {
      const result = await invoices.upsert(request.params.number, request.body, actorOf(request));
      return reply.code(result.created ? 201 : 200).send(result.invoice);
    },
  );
};
