import { customerParamsSchema, serversSchema, trendsQuerySchema, trendsSchema } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problems } from '../../lib/responses.ts';
import type { TrendsService } from './trends.service.ts';

const trendRead = { rights: { customer: ['trend-read'] } } as const;
const tags = ['trends'];

/** Servers and trends of DESIGN.md §4 (trend-read). */
export const trendRoutes: FastifyPluginAsyncZod<{ trends: TrendsService }> = async (app, { trends }) => {
  app.get(
    '/api/v2/customer/:customer_id/servers',
    {
      config: { access: trendRead },
      schema: {
        tags,
        operationId: 'listServers',
        summary: "The customer's servers with their status and current load, and its Observe limits",
        description:
          'Servers are the devices with role server and the virtual machines of the landscape. `current` holds the latest CPU, memory and load of the last 15 minutes; `observe` is null when the customer has no Observe.',
        params: customerParamsSchema,
        response: {
          200: serversSchema.describe('The servers and the Observe limits'),
          ...problems(503),
        },
      },
    },
    async (request) => trends.servers(request.params.customer_id),
  );

  app.get(
    '/api/v2/customer/:customer_id/trends',
    {
      config: { access: trendRead },
      schema: {
        tags,
        operationId: 'getTrends',
        summary: 'One graph of one or more servers over a time range, bucketed to the chart width',
        description:
          'Buckets are range / width wide (at least a minute) and start at `from`; each series has the mean (`values`), `min` and `max` per bucket, null where a bucket holds no sample. Servers of another customer answer 404.',
        params: customerParamsSchema,
        querystring: trendsQuerySchema,
        response: {
          200: trendsSchema.describe('Bucket starts and one series per server and metric'),
          ...problems(503),
        },
      },
    },
    async (request) => trends.trends(request.params.customer_id, request.query),
  );
};
