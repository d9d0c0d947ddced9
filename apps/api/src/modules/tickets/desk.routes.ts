import {
  assigneeUpdateSchema,
  deskCountsQuerySchema,
  deskCountsSchema,
  deskQueueQuerySchema,
  deskTicketParamsSchema,
  deskTicketSchema,
  savedReplyInputSchema,
  savedReplyListQuerySchema,
  savedReplyParamsSchema,
  savedReplySchema,
  staffMemberSchema,
  ticketLocationSchema,
  ticketSchema,
} from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../lib/caller.ts';
import { setNextLink } from '../../lib/paging.ts';
import type { DeskService } from './desk.service.ts';

/** Staff only: global rights, so no customer user ever reaches these routes. */
const staffRead = { rights: { global: ['ticket-read'] } } as const;
const staffEdit = { rights: { global: ['ticket-edit'] } } as const;
const tags = ['service desk'];

/** The service desk of staff (issue 15): the queue over all customers, assignment, saved replies. */
export const deskRoutes: FastifyPluginAsyncZod<{ desk: DeskService }> = async (app, { desk }) => {
  app.get(
    '/api/admin/v2/tickets',
    {
      config: { access: staffRead },
      schema: {
        tags,
        operationId: 'listDeskQueue',
        summary: 'Open tickets of all customers, most urgent first (overdue, then by the due answer)',
        description:
          'Keyset paging: the next page is in the Link header (rel="next"). The counts of the views are at /api/admin/v2/tickets/counts.',
        querystring: deskQueueQuerySchema,
        response: { 200: z.array(deskTicketSchema).describe('One page of the queue') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await desk.queue(await callerOf(request), request.query);
      setNextLink(request, reply, '/api/admin/v2/tickets', nextCursor);
      return items;
    },
  );

  app.get(
    '/api/admin/v2/tickets/counts',
    {
      config: { access: staffRead },
      schema: {
        tags,
        operationId: 'countDeskQueue',
        summary:
          "The queue's views counted for the same filters: open, new, awaiting the desk, overdue, mine, unassigned",
        querystring: deskCountsQuerySchema,
        response: { 200: deskCountsSchema.describe('Exact counts of open tickets') },
      },
    },
    async (request) => desk.counts(await callerOf(request), request.query),
  );

  app.get(
    '/api/admin/v2/tickets/:ticket_id',
    {
      config: { access: staffRead },
      schema: {
        tags,
        operationId: 'locateTicket',
        summary: "A ticket's customer, so that staff open any ticket by its number",
        params: deskTicketParamsSchema,
        response: { 200: ticketLocationSchema.describe('Where the ticket lives') },
      },
    },
    async (request) => desk.locate(request.params.ticket_id),
  );

  app.put(
    '/api/admin/v2/tickets/:ticket_id/assignee',
    {
      config: { access: staffEdit },
      schema: {
        tags,
        operationId: 'assignTicket',
        summary: 'Assign a ticket to a service desk member (null unassigns); the assignee is notified',
        params: deskTicketParamsSchema,
        body: assigneeUpdateSchema,
        response: { 200: ticketSchema.describe('The ticket with its new assignee') },
      },
    },
    async (request) =>
      desk.assign(await callerOf(request), request.params.ticket_id, request.body.assignee_id, request.id),
  );

  app.get(
    '/api/admin/v2/staff',
    {
      config: { access: staffRead },
      schema: {
        tags,
        operationId: 'listStaff',
        summary: 'Service desk members who may answer tickets (who a ticket can be assigned to)',
        response: { 200: z.array(staffMemberSchema).describe('Staff members by name') },
      },
    },
    async () => desk.staff(),
  );

  app.get(
    '/api/admin/v2/saved-replies',
    {
      config: { access: staffRead },
      schema: {
        tags,
        operationId: 'listSavedReplies',
        summary: 'Saved replies, by language and title',
        querystring: savedReplyListQuerySchema,
        response: { 200: z.array(savedReplySchema).describe('Saved replies') },
      },
    },
    async (request) => desk.savedReplies(request.query.language),
  );

  app.post(
    '/api/admin/v2/saved-replies',
    {
      config: { access: staffEdit },
      schema: {
        tags,
        operationId: 'createSavedReply',
        summary: 'Save a reply text for one language',
        body: savedReplyInputSchema,
        response: { 201: savedReplySchema.describe('The saved reply') },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return desk.createSavedReply(request.body);
    },
  );

  app.put(
    '/api/admin/v2/saved-replies/:saved_reply_id',
    {
      config: { access: staffEdit },
      schema: {
        tags,
        operationId: 'updateSavedReply',
        summary: 'Change a saved reply',
        params: savedReplyParamsSchema,
        body: savedReplyInputSchema,
        response: { 200: savedReplySchema.describe('The changed saved reply') },
      },
    },
    async (request) => desk.updateSavedReply(request.params.saved_reply_id, request.body),
  );

  app.delete(
    '/api/admin/v2/saved-replies/:saved_reply_id',
    {
      config: { access: staffEdit },
      schema: {
        tags,
        operationId: 'deleteSavedReply',
        summary: 'Remove a saved reply',
        params: savedReplyParamsSchema,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await desk.deleteSavedReply(request.params.saved_reply_id);
      return reply.code(204).send(null);
    },
  );
};
