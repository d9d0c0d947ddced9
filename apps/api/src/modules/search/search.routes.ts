import { searchQuerySchema, searchResultSchema } from '@portaal/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../lib/app-error.ts';
import type { Search } from './search.registry.ts';

/** GET /api/v2/search (DESIGN.md §4): everything the caller may read, grouped by kind. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: Search }> = async (app, { search }) => {
  app.get(
    '/api/v2/search',
    {
      config: { access: 'login' },
      schema: {
        tags: ['search'],
        operationId: 'search',
        summary:
          'Search tickets, contacts, companies, invoices, contracts, servers and landscape objects the caller may read',
        description:
          "At least 3 characters. With `customer_id` the selected customer's objects are searched (each kind only with its read right there); staff also find customers. Each hit carries the web route that opens it.",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema.describe('Hits grouped by kind') },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal) throw unauthenticated();
      return search.search({ userId: principal.sub, rights: await request.rights() }, request.query);
    },
  );
};
