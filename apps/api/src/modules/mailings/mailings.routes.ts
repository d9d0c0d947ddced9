import { problemSchema } from '@portaal/contracts';
import {
  mailingInputSchema,
  mailingListQuerySchema,
  mailingParamsSchema,
  mailingPreviewSchema,
  mailingProgressSchema,
  mailingQuerySchema,
  mailingSchema,
  mailingSummarySchema,
} from '@portaal/contracts/mailings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { setNextLink } from '../../lib/paging.ts';
import type { MailingsService } from './mailings.service.ts';

/** Staff only (DESIGN.md §2): global rights, so no customer user ever reaches these routes. */
const mailingRead = { rights: { global: ['mailing-read'] } } as const;
const mailingSend = { rights: { global: ['mailing-send'] } } as const;
const tags = ['admin'];

/** Mass mailings (DESIGN.md §4 Staff, §5 /admin/mailings and /admin/mailings/new; decision 0026). */
export const mailingRoutes: FastifyPluginAsyncZod<{ mailings: MailingsService }> = async (
  app,
  { mailings },
) => {
  app.post(
    '/api/admin/v2/mailings/recipients',
    {
      config: { access: mailingRead },
      schema: {
        tags,
        operationId: 'previewMailingRecipients',
        summary: 'Recipients a mailing query reaches now (staff)',
        description:
          'The contacts of the matched customers who chose mailings by e-mail, one per address: their number, per language, and the first 25 by address. Reads only; POST because the query is a body.',
        body: mailingQuerySchema,
        response: { 200: mailingPreviewSchema.describe('The recipient count and the first recipients') },
      },
    },
    async (request) => mailings.preview(request.body),
  );

  app.post(
    '/api/admin/v2/mailings',
    {
      config: { access: mailingSend },
      schema: {
        tags,
        operationId: 'createMailing',
        summary: 'Write a mailing (staff moderators)',
        description:
          'Stored as a draft; nothing is sent until `POST …/mailings/{mailing_id}/send`. Subjects of at least 10 and bodies of at least 20 characters, in English and Dutch. In the audit log.',
        body: mailingInputSchema,
        response: { 201: mailingSchema.describe('The draft mailing') },
      },
    },
    async (request, reply) => reply.code(201).send(await mailings.create(request.body, actorOf(request))),
  );

  app.get(
    '/api/admin/v2/mailings',
    {
      config: { access: mailingRead },
      schema: {
        tags,
        operationId: 'listMailings',
        summary: 'Mailings, newest first (staff)',
        description: 'Keyset paging: the next page is in the Link header (rel="next").',
        querystring: mailingListQuerySchema,
        response: { 200: z.array(mailingSummarySchema).describe('One page of mailings') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await mailings.list(request.query);
      setNextLink(request, reply, '/api/admin/v2/mailings', nextCursor);
      return items;
    },
  );

  app.get(
    '/api/admin/v2/mailings/:mailing_id',
    {
      config: { access: mailingRead },
      schema: {
        tags,
        operationId: 'getMailing',
        summary: 'One mailing with its content, query and progress (staff)',
        description:
          'The progress is recounted as for `…/progress`; the customers the query names come with their names. Unknown mailing: 404 MAILING_NOT_FOUND.',
        params: mailingParamsSchema,
        response: { 200: mailingSchema.describe('The mailing') },
      },
    },
    async (request) => mailings.get(request.params.mailing_id),
  );

  app.post(
    '/api/admin/v2/mailings/:mailing_id/send',
    {
      config: { access: mailingSend },
      schema: {
        tags,
        operationId: 'sendMailing',
        summary: 'Send a draft mailing (staff moderators)',
        description:
          "Fixes the recipients as the query reaches them now and hands the mailing to a job that mails each address once, in the recipient's language. A mailing that is no draft: 409 MAILING_NOT_DRAFT; no recipients: 422 MAILING_NO_RECIPIENTS, and it stays a draft. In the audit log.",
        params: mailingParamsSchema,
        response: {
          202: mailingProgressSchema.describe('Sending started'),
          409: problemSchema.describe('The mailing is no draft (it was sent already)'),
          422: problemSchema.describe('The query matches no recipients'),
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await mailings.send(request.params.mailing_id, actorOf(request))),
  );

  app.get(
    '/api/admin/v2/mailings/:mailing_id/progress',
    {
      config: { access: mailingRead },
      schema: {
        tags,
        operationId: 'getMailingProgress',
        summary: "A mailing's status and counts (staff)",
        description:
          'Recounted when read. Each recipient is delivered (the mail server, or without one the outbox, has the mail), waiting (its mail is not written or not yet delivered) or failed (the mail job gave up). The mailing is `sending` while any recipient waits, then `sent`, or `failed` when every mail failed.',
        params: mailingParamsSchema,
        response: { 200: mailingProgressSchema.describe('Status and counts') },
      },
    },
    async (request) => mailings.progress(request.params.mailing_id),
  );
};
