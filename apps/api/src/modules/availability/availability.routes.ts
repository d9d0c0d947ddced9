import {
  applicationChecksSchema,
  applicationParamsSchema,
  applicationSchema,
  checksQuerySchema,
  customerParamsSchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AvailabilityService } from './availability.service.ts';

const uptimeRead = { rights: { customer: ['uptime-read'] } } as const;
const tags = ['availability'];

/** Application availability of DESIGN.md §4 (uptime-read). */
export const availabilityRoutes: FastifyPluginAsyncZod<{ availability: AvailabilityService }> = async (
  app,
  { availability },
) => {
  app.get(
    '/api/v2/customer/:customer_id/applications',
    {
      config: { access: uptimeRead },
      schema: {
        tags,
        operationId: 'listApplications',
        summary: "The customer's applications with their current state and uptime per time filter",
        description:
          'Uptime is the share of up checks among up and down checks (maintenance excluded) over the last 24 hours, the current month and the previous month (UTC), in percent; null without checks.',
        params: customerParamsSchema,
        response: { 200: z.array(applicationSchema).describe('The applications, by name') },
      },
    },
    async (request) => availability.applications(request.params.customer_id),
  );

  app.get(
    '/api/v2/customer/:customer_id/applications/:application_id/checks',
    {
      config: { access: uptimeRead },
      schema: {
        tags,
        operationId: 'getApplicationChecks',
        summary: "One application's checks over a time filter, bucketed to the chart width",
        description:
          'Buckets are range / width wide (at least a minute); each has the mean latency and the share of down checks. Outages overlapping the range and maintenance windows ending after its start (planned ones too) come along. An application of another customer answers 404.',
        params: applicationParamsSchema,
        querystring: checksQuerySchema,
        response: { 200: applicationChecksSchema.describe('The checks of the range') },
      },
    },
    async (request) =>
      availability.checks(request.params.customer_id, request.params.application_id, request.query),
  );
};
