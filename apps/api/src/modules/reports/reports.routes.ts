import {
  customerParamsSchema,
  reportDownloadQuerySchema,
  reportParamsSchema,
  reportSchema,
  reportSummarySchema,
  reportsQuerySchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/responses.ts';
import type { ReportsService } from './reports.service.ts';

const reportRead = { rights: { customer: ['usage-report-read'] } } as const;
const tags = ['reports'];

/** Monthly SLA and usage reports of DESIGN.md §4 (usage-report-read). */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get(
    '/api/v2/customer/:customer_id/reports',
    {
      config: { access: reportRead },
      schema: {
        tags,
        operationId: 'listReports',
        summary: "The customer's kept monthly reports, newest month first",
        description: 'Filter by `kind` (sla, usage) and `period` (YYYY-MM).',
        params: customerParamsSchema,
        querystring: reportsQuerySchema,
        response: { 200: z.array(reportSummarySchema).describe('The reports') },
      },
    },
    async (request) => reports.list(request.params.customer_id, request.query),
  );

  app.get(
    '/api/v2/customer/:customer_id/reports/:display_id',
    {
      config: { access: reportRead },
      schema: {
        tags,
        operationId: 'getReport',
        summary: 'One report with its figures',
        description:
          'A usage report holds its items (bought, used, month balance, left over, over quota, rate, cost); an SLA report the availability per application against its target, the incidents with response and resolution times against targets, and the service credit owed.',
        params: reportParamsSchema,
        response: { 200: reportSchema.describe('The report') },
      },
    },
    async (request) => reports.get(request.params.customer_id, request.params.display_id),
  );

  app.get(
    '/api/v2/customer/:customer_id/reports/:display_id/download',
    {
      config: { access: reportRead },
      schema: {
        tags,
        operationId: 'downloadReport',
        summary: 'The report as PDF or CSV, in English or Dutch',
        description:
          'CSV in Dutch uses `;` and starts with a byte order mark (what Dutch spreadsheet programs expect); in English `,` without one.',
        params: reportParamsSchema,
        querystring: reportDownloadQuerySchema,
        response: {
          200: {
            description: 'The report file',
            content: {
              'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
              'text/csv': { schema: z.string() },
            },
          },
        },
        responseHeaders: { 200: ['Content-Disposition'] },
      },
    },
    async (request, reply) => {
      const file = await reports.download(
        request.params.customer_id,
        request.params.display_id,
        request.query,
      );
      return reply
        .type(file.type)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(file.bytes as unknown as string);
    },
  );
};
