import { languageCookie, type Me, meSchema, meUpdateSchema } from '@portaal/contracts';
import { pagesCookie } from '@portaal/contracts/page-headings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../lib/app-error.ts';
import type { MeService } from './me.service.ts';

const tags = ['me'];

/** The first screen's hints (never credentials): the caller's language and the pages they may open. */
const hints = (caller: Me, secure: boolean) => [
  languageCookie(caller.language, secure),
  pagesCookie(caller.rights, secure),
];

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
        responseHeaders: { 200: ['Set-Cookie'] },
      },
    },
    async (request, reply) => {
      if (!request.principal) throw unauthenticated();
      const caller = await me.get(request.principal);
      reply.header('Set-Cookie', hints(caller, request.protocol === 'https'));
      return caller;
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
        responseHeaders: { 200: ['Set-Cookie'] },
      },
    },
    async (request, reply) => {
      if (!request.principal) throw unauthenticated();
      const caller = await me.setLanguage(request.principal, request.body.language);
      reply.header('Set-Cookie', hints(caller, request.protocol === 'https'));
      return caller;
    },
  );
};
