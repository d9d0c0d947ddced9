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
import { actorOf } from '../../lib/actor.ts';
import { contentDisposition, problems } from '../../lib/responses.ts';
import type { ReportRegeneration } from './reports.regenerate.ts';
import type { ReportsService } from './reports.service.ts';

const reportRead = { rights: { customer: ['usage-report-read'] } } as const;
const tags = ['reports'];

/** Monthly SLA and usage reports of DESIGN.md §4 (usage-report-read). */
export const reportRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService;
  regenerate: ReportRegeneration;
}> = async (app, { reports, regenerate }) => {
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
          'CSV in Dutch uses `;`, in English `,`; both start with a UTF-8 byte order mark (without it Excel shows `€` as garbage).',
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

  app.post(
    '/api/admin/v2/customer/:customer_id/reports/:display_id/regenerate',
    {
      // Staff only: the moderators' right over usage agreements (post-calculation) covers the reports
      // made from that usage (docs/decisions).
      config: { access: { rights: { global: ['agreement-edit'] } } },
      schema: {
        tags: ['admin'],
        operationId: 'regenerateReport',
        summary: "Generate a month's report of a customer again (provider moderators)",
        description:
          'Computes the figures again from usage, checks and incident tickets. Idempotent: figures equal to the kept ones change nothing (200, no audit event); changed figures replace the kept ones (200) and a missing report is created (201), each with an audit event. Only ended months (409 REPORT_PERIOD_NOT_ENDED); an unknown customer answers 404 CUSTOMER_NOT_FOUND.',
        params: reportParamsSchema,
        response: {
          200: reportSchema.describe('The report, unchanged or with its figures replaced'),
          201: reportSchema.describe('The report, created'),
          ...problems(409),
        },
      },
    },
    async (request, reply) => {
      const result = await regenerate(
        request.params.customer_id,
        request.params.display_id,
        actorOf(request),
      );
      return reply.code(result.created ? 201 : 200).send(result.report);
    },
  );
};
