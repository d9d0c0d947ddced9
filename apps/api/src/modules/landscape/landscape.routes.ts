import {
  customerParamsSchema,
  kubernetesClusterParamsSchema,
  landscapeDetailSchema,
  landscapeKindParamsSchema,
  landscapeListQuerySchema,
  landscapeObjectParamsSchema,
  landscapeObjectSchema,
  landscapeSummarySchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/app-error.ts';
import { setNextLink } from '../../lib/paging.ts';
import { contentDisposition } from '../../lib/responses.ts';
import type { LandscapeService } from './landscape.service.ts';

const infraRead = { rights: { customer: ['infra-read'] } } as const;
const tags = ['landscape'];

/** The landscape of DESIGN.md §4: lists per kind, one object by its id (with slashes), kubeconfig. */
export const landscapeRoutes: FastifyPluginAsyncZod<{ landscape: LandscapeService }> = async (
  app,
  { landscape },
) => {
  app.get(
    '/api/v2/customer/:customer_id/landscape',
    {
      config: { access: infraRead },
      schema: {
        tags,
        operationId: 'getLandscapeSummary',
        summary: 'How many objects of each kind the customer has, and the datacenters to filter on',
        params: customerParamsSchema,
        response: { 200: landscapeSummarySchema.describe('Counts per kind and the datacenters') },
      },
    },
    async (request) => landscape.summary(request.params.customer_id),
  );

  app.get(
    '/api/v2/customer/:customer_id/landscape/objects/*',
    {
      config: { access: infraRead },
      schema: {
        tags,
        operationId: 'getLandscapeObject',
        summary:
          'One landscape object by its id ({kind}/{key}, e.g. prefixes/10.20.0.0/24), with its relations',
        description:
          'The id may hold slashes. Objects of another customer are not found (404, LANDSCAPE_OBJECT_NOT_FOUND).',
        params: landscapeObjectParamsSchema,
        response: { 200: landscapeDetailSchema.describe('The object with its relations') },
      },
    },
    async (request) => landscape.object(request.params.customer_id, request.params['*']),
  );

  app.get(
    '/api/v2/customer/:customer_id/landscape/:kind',
    {
      config: { access: infraRead },
      schema: {
        tags,
        operationId: 'listLandscapeObjects',
        summary: 'Landscape objects of one kind, filtered and sorted',
        description:
          'Keyset paging: the next page is in the Link header (rel="next"). `q` matches names (and DNS names, addresses); `location` is a datacenter slug.',
        params: landscapeKindParamsSchema,
        querystring: landscapeListQuerySchema,
        response: { 200: z.array(landscapeObjectSchema).describe('One page of objects') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { customer_id: customerId, kind } = request.params;
      const { items, nextCursor } = await landscape.list(customerId, kind, request.query);
      setNextLink(request, reply, `/api/v2/customer/${customerId}/landscape/${kind}`, nextCursor);
      return items;
    },
  );

  app.get(
    '/api/v2/customer/:customer_id/kubernetes-clusters/:cluster_id/kubeconfig',
    {
      config: { access: infraRead },
      schema: {
        tags,
        operationId: 'downloadKubeconfig',
        summary: 'The kubeconfig of a Kubernetes cluster (OIDC sign-in through kubelogin, no secret in it)',
        description: 'Every download is written to the audit log.',
        params: kubernetesClusterParamsSchema,
        response: {
          200: {
            description: 'The kubeconfig file (YAML)',
            content: { 'application/yaml': { schema: z.string() } },
          },
        },
        responseHeaders: { 200: ['Content-Disposition'] },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (!principal) throw unauthenticated();
      const name =
        [principal.givenName, principal.familyName].filter(Boolean).join(' ') || principal.username;
      const file = await landscape.kubeconfig(request.params.customer_id, request.params.cluster_id, {
        id: principal.sub,
        name,
        requestId: request.id,
      });
      return reply
        .type('application/yaml; charset=utf-8')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(file.yaml);
    },
  );
};
