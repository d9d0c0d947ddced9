import multipart from '@fastify/multipart';
import {
  type AttachmentRules,
  attachmentParamsSchema,
  customerParamsSchema,
  requestTypesSchema,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketParamsSchema,
  ticketReplySchema,
  ticketSchema,
  ticketSummarySchema,
  ticketUpdateSchema,
} from '@portaal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../lib/caller.ts';
import { setNextLink } from '../../lib/paging.ts';
import { contentDisposition } from '../../lib/responses.ts';
import { bodyValidationError, multipartLimits, readMultipart, type Upload } from './attachments.ts';
import type { TicketsService } from './tickets.service.ts';

const ticketRead = { rights: { customer: ['ticket-read'] } } as const;
const ticketEdit = { rights: { customer: ['ticket-edit'] } } as const;
const tags = ['tickets'];
/** Create and reply take JSON, or multipart/form-data with the same fields and files in "attachments". */
const uploads = {
  attachments:
    'Files to attach (multipart only): the extensions of ATTACHMENT_EXTENSIONS, content matching the extension, at most ATTACHMENT_MAX_FILES files of ATTACHMENT_MAX_TOTAL_MB together',
};

/**
 * The fields and files of a create or reply call. JSON arrives validated by the route schema, which
 * lets a missing body through as null (Fastify validates an absent body as null) because a multipart
 * body is not parsed before the handler: it is read here, as it streams.
 */
async function fieldsAndFiles<S extends z.ZodType>(
  request: FastifyRequest,
  body: z.output<S> | null,
  schema: S,
  rules: AttachmentRules,
  beforeFiles: (fields: z.output<S>) => Promise<void>,
): Promise<{ fields: z.output<S>; files: Upload[] }> {
  if (request.isMultipart()) return readMultipart(request, schema, rules, beforeFiles);
  if (body === null || body === undefined) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw bodyValidationError(parsed.error);
    return { fields: parsed.data, files: [] };
  }
  return { fields: body, files: [] };
}

export const ticketPath = (customerId: number, ticketId: number) =>
  `/api/v2/customer/${customerId}/tickets/${ticketId}`;

/** Tickets of DESIGN.md §4: list, detail, create, reply, status, attachment download, request types. */
export const ticketRoutes: FastifyPluginAsyncZod<{
  tickets: TicketsService;
  attachmentRules: AttachmentRules;
}> = async (app, { tickets, attachmentRules }) => {
  // Registered here, so multipart bodies are accepted by these routes only.
  await app.register(multipart, { limits: multipartLimits(attachmentRules) });

  app.get(
    '/api/v2/customer/:customer_id/request-types',
    {
      config: { access: ticketEdit },
      schema: {
        tags,
        operationId: 'listRequestTypes',
        summary: 'Request types the caller may file, the service desk phone and the attachment rules',
        params: customerParamsSchema,
        response: { 200: requestTypesSchema.describe('What the caller may file, and how') },
      },
    },
    async (request) => tickets.requestTypes(await callerOf(request), request.params.customer_id),
  );

  app.get(
    '/api/v2/customer/:customer_id/tickets',
    {
      config: { access: ticketRead },
      schema: {
        tags,
        summary: 'Tickets of a customer, last updated first (own and watched ones without ticket-read-all)',
        description:
          'Keyset paging: the next page is in the Link header (rel="next"). There is no total count: counting would make every page as slow as reading them all.',
        operationId: 'listTickets',
        params: customerParamsSchema,
        querystring: ticketListQuerySchema,
        response: { 200: z.array(ticketSummarySchema).describe('One page of tickets') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { customer_id: customerId } = request.params;
      const { items, nextCursor } = await tickets.list(await callerOf(request), customerId, request.query);
      setNextLink(request, reply, `/api/v2/customer/${customerId}/tickets`, nextCursor);
      return items;
    },
  );

  app.post(
    '/api/v2/customer/:customer_id/tickets',
    {
      config: { access: ticketEdit },
      schema: {
        tags,
        operationId: 'createTicket',
        summary: 'Open a ticket (JSON, or multipart/form-data with files in "attachments")',
        uploads,
        params: customerParamsSchema,
        body: ticketCreateSchema.nullable(),
        response: { 201: ticketSchema.describe('The ticket that was opened') },
        responseHeaders: { 201: ['Location'] },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const customerId = request.params.customer_id;
      const { fields, files } = await fieldsAndFiles(
        request,
        request.body,
        ticketCreateSchema,
        attachmentRules,
        async (early) =>
          void (await tickets.assertMayFile(caller, customerId, early.category, early.landscape_object_id)),
      );
      const ticket = await tickets.create(caller, customerId, fields, files);
      reply.code(201).header('Location', ticketPath(customerId, ticket.ticket_id));
      return ticket;
    },
  );

  app.get(
    '/api/v2/customer/:customer_id/tickets/:ticket_id',
    {
      config: { access: ticketRead },
      schema: {
        tags,
        operationId: 'getTicket',
        summary: 'One ticket with its thread (internal notes only for staff)',
        params: ticketParamsSchema,
        response: { 200: ticketSchema.describe('The ticket with its thread') },
      },
    },
    async (request) =>
      tickets.get(await callerOf(request), request.params.customer_id, request.params.ticket_id),
  );

  app.patch(
    '/api/v2/customer/:customer_id/tickets/:ticket_id',
    {
      config: { access: ticketEdit },
      schema: {
        tags,
        operationId: 'updateTicketStatus',
        summary: 'Change the status (customers: close or reopen; staff: any)',
        params: ticketParamsSchema,
        body: ticketUpdateSchema,
        response: { 200: ticketSchema.describe('The ticket with the new status') },
      },
    },
    async (request) =>
      tickets.setStatus(
        await callerOf(request),
        request.params.customer_id,
        request.params.ticket_id,
        request.body.status,
        request.id,
      ),
  );

  app.post(
    '/api/v2/customer/:customer_id/tickets/:ticket_id/messages',
    {
      config: { access: ticketEdit },
      schema: {
        tags,
        operationId: 'replyToTicket',
        summary: 'Reply (JSON, or multipart/form-data with files in "attachments")',
        uploads,
        params: ticketParamsSchema,
        body: ticketReplySchema.nullable(),
        response: { 201: ticketSchema.describe('The ticket with the reply') },
        responseHeaders: { 201: ['Location'] },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { customer_id: customerId, ticket_id: ticketId } = request.params;
      const { fields, files } = await fieldsAndFiles(
        request,
        request.body,
        ticketReplySchema,
        attachmentRules,
        (early) => tickets.assertMayReply(caller, customerId, ticketId, early),
      );
      const ticket = await tickets.reply(caller, customerId, ticketId, fields, files, request.id);
      reply.code(201).header('Location', ticketPath(customerId, ticketId));
      return ticket;
    },
  );

  app.get(
    '/api/v2/customer/:customer_id/tickets/:ticket_id/attachments/:attachment_id',
    {
      config: { access: ticketRead },
      schema: {
        tags,
        operationId: 'downloadAttachment',
        summary: 'Download an attachment',
        params: attachmentParamsSchema,
        response: {
          200: {
            description: 'The file, with the content type of its extension',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
        responseHeaders: { 200: ['Content-Disposition'] },
      },
    },
    async (request, reply) => {
      const { customer_id: customerId, ticket_id: ticketId, attachment_id: attachmentId } = request.params;
      const file = await tickets.attachment(await callerOf(request), customerId, ticketId, attachmentId);
      return (
        reply
          .type(file.contentType)
          .header('Content-Disposition', contentDisposition(file.fileName))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          // The schema documents the bytes as a binary string; Fastify sends a Buffer as it is.
          .send(file.content as unknown as string)
      );
    },
  );
};
