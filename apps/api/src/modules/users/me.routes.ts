import { meSchema, meUpdateSchema } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../lib/app-error.ts';
import type { MeService } from './me.service.ts';

const tags = ['me'];

export const meRoutes: FastifyPluginAsyncZod<{ me: MeService }> = async (app, { me }) => {
  app.get(
    '/api/v2/me',
    {
      config: { access: 'login' },
      schema: {
        tags,
        operationId: 'getMe',
        summary: 'The caller',
        response: { 200: meSchema.describe('The caller, their customers and rights') },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthenticated();
      return me.get(request.principal);
    },
  );

  app.put(
    '/api/v2/me',
    {
      config: { access: 'login' },
      schema: {
        tags,
        operationId: 'updateMe',
        summary: "Save the caller's language preference",
        body: meUpdateSchema,
        response: { 200: meSchema.describe('The caller as saved') },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthenticated();
      return me.setLanguage(request.principal, request.body.language);
    },
  );
};
