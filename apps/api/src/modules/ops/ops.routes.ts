import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import client from 'prom-client';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { problems } from '../../lib/responses.ts';
import { createRequestDurations } from './request-durations.ts';

interface OpsOptions {
  ping(): Promise<void>;
  metricsToken?: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Operations: liveness, readiness (database reachable) and Prometheus metrics. Not encapsulated
 * (fastify-plugin): the request-duration hook must see every route, not only these.
 */
const operations: FastifyPluginAsyncZod<OpsOptions> = async (app, { ping, metricsToken }) => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const durations = createRequestDurations();
  app.addHook('onResponse', (request, reply, done) => {
    durations.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const tags = ['operations'];
  // Probes of a load balancer: never throttled, and left out of the API document (they are no part of
  // the client contract; the README lists them).
  app.get(
    '/healthz',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        hide: true,
        tags,
        operationId: 'getLiveness',
        summary: 'Process is alive',
        response: { 200: z.object({ status: z.literal('ok') }).describe('The process answers') },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        hide: true,
        tags,
        operationId: 'getReadiness',
        summary: 'Database is reachable',
        response: {
          200: z.object({ status: z.literal('ready') }).describe('The database answers'),
          ...problems(503),
        },
      },
    },
    async () => {
      try {
        await ping();
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database is not reachable.');
      }
      return { status: 'ready' as const };
    },
  );

  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'getMetrics',
        summary: 'Prometheus metrics (METRICS_TOKEN bearer, or loopback only when unset)',
        produces: ['text/plain'],
        response: { 200: z.string().describe('Metrics in the Prometheus text format'), ...problems(403) },
      },
    },
    async (request, reply) => {
      const allowed = metricsToken
        ? request.headers.authorization === `Bearer ${metricsToken}`
        : LOOPBACK.has(request.socket.remoteAddress ?? '');
      if (!allowed) throw new AppError('FORBIDDEN', 403, 'Metrics are not available to this caller.');
      reply.type(registry.contentType);
      return `${await registry.metrics()}\n${durations.text()}`;
    },
  );
};

export const opsRoutes = fp(operations, { name: 'operations' });
