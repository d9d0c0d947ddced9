import {
  crosscheckExportQuerySchema,
  crosscheckMonthSchema,
  crosscheckMonthsQuerySchema,
  crosscheckParamsSchema,
  crosscheckQuerySchema,
  crosscheckRowSchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { setNextLink } from '../../lib/paging.ts';
import { contentDisposition } from '../../lib/responses.ts';
import type { CrosschecksService } from './crosschecks.service.ts';

/** Staff only (DESIGN.md §2): global rights, so no customer user ever reaches these routes. */
const crosscheckRead = { rights: { global: ['crosscheck-read'] } } as const;
const crosscheckExport = { rights: { global: ['crosscheck-export'] } } as const;
const tags = ['admin'];

/** Crosschecks of administrative versus technical usage (DESIGN.md §4 Staff, decision 0027). */
export const crosscheckRoutes: FastifyPluginAsyncZod<{ crosschecks: CrosschecksService }> = async (
  app,
  { crosschecks },
) => {
  app.get(
    '/api/admin/v2/crosschecks',
    {
      config: { access: crosscheckRead },
      schema: {
        tags,
        operationId: 'listCrosscheckMonths',
        summary: 'The months that can be cross-checked, newest first, with their counts (staff)',
        description:
          'Per month that holds usage: the customers checked, the rows compared (customer × subtype), the rows with a difference (status other than match) and the subtypes. `month` limits the answer to that month (an empty list when it holds no usage).',
        querystring: crosscheckMonthsQuerySchema,
        response: { 200: z.array(crosscheckMonthSchema).describe('The months') },
      },
    },
    async (request) => crosschecks.months(request.query),
  );

  app.get(
    '/api/admin/v2/crosschecks/:month',
    {
      config: { access: crosscheckRead },
      schema: {
        tags,
        operationId: 'listCrosscheckRows',
        summary: "A month's crosscheck: billed against used per customer and subtype (staff)",
        description:
          'One row per customer and subtype (usage type): billed (the bundles paid for), used, the difference billed − used, and the status: under_billed (used more than billed), unbilled (used, nothing billed), unused (billed, nothing used) or match. Sorted by customer name, customer id and subtype; filters `status` (comma-separated), `subtype` and `q` (part of the customer name, or the customer id). A month without usage answers an empty list. Keyset paging: the next page is in the Link header (rel="next").',
        params: crosscheckParamsSchema,
        querystring: crosscheckQuerySchema,
        response: { 200: z.array(crosscheckRowSchema).describe('One page of rows') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { month } = request.params;
      const { items, nextCursor } = await crosschecks.rows(month, request.query);
      setNextLink(request, reply, `/api/admin/v2/crosschecks/${month}`, nextCursor);
      return items;
    },
  );

  app.get(
    '/api/admin/v2/crosschecks/:month/export',
    {
      config: { access: crosscheckExport },
      schema: {
        tags,
        operationId: 'exportCrosscheck',
        summary: "A month's crosscheck of one subtype as CSV for the accounting system (staff moderators)",
        description:
          "Every customer of the subtype that month: month, customer id, accounting id (the customer's accounting link), customer name, subtype, unit, billed, used, difference, to_bill (used beyond what is billed) and status. In Dutch the CSV uses `;` and a decimal comma, in English `,` and a decimal point; both start with a UTF-8 byte order mark (without it Excel shows accented letters as garbage). A subtype without rows gives the header only. Each export writes an audit event (`crosscheck.export`).",
        params: crosscheckParamsSchema,
        querystring: crosscheckExportQuerySchema,
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
        responseHeaders: { 200: ['Content-Disposition'] },
      },
    },
    async (request, reply) => {
      const file = await crosschecks.exportCsv(request.params.month, request.query, actorOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(file.bytes as unknown as string);
    },
  );
};
